"""Validating large records deal by deal, in chunks, and in parallel.

A GJN file is cut into the texts of its deals without parsing them
(:func:`gojinotation.reader.deal_texts`, one block of input at a time).  Then:

* :func:`validate_texts` validates them one deal at a time in this process: only the
  deal being validated, its lines (for the carets) and what the match-level leader check
  (R-OPEN-1, :mod:`engine.crossdeal`) needs of the deal before are held;
* :func:`plan_tasks` groups them into :class:`Task` chunks of whole deals, each with the
  text of the deal before it (the overlap the leader check needs), and :func:`run_task`
  validates one chunk anywhere (another process, another machine): a chunk's positions
  are the file's, since every text keeps its first line number.

Both give the same findings, deal for deal, as :func:`reports.validate.validate_match`
on the whole file.  :func:`run_formatted` is :func:`run_task` with the findings also
written where they were found (:class:`Formatting`: the text or JSON lines
``gouji validate`` prints, and the counts of its summary), so that a parent process only
prints each chunk's text in order; :class:`DaskWindows` runs chunks on a Dask cluster and
folds their counts there (``dask.bag`` ``foldby``).

>>> text = '[Leader "1"]\\nhand 1: 3\\n1:ZZ\\n[Leader "1"]\\nhand 1: 3\\n1:3\\n'
>>> from gojinotation.reader import deal_texts
>>> tasks = list(plan_tasks("a.gjn", deal_texts(text), deals_per_task=1, deck_check=False))
>>> [(t.first_index, t.texts[0][0], t.prev is not None) for t in tasks]
[(1, 1, False), (2, 4, True)]
>>> [[d.code for d in found] for _, found, _ in run_task(tasks[0]).results]
[['GJN110']]
"""

from __future__ import annotations

import importlib
import json
import operator
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, overload

import attrs

from gojinotation import model as m
from gojinotation.reader import BrokenDeal, iter_read_texts
from gojinotation_analyzer.reports.compare import ProfileComparison
from gojinotation_analyzer.reports.diagnostics import Diagnostic, Severity, diagnostic_dict
from gojinotation_analyzer.reports.report import COUNT_KEYS, count_key
from gojinotation_analyzer.reports.validate import Previous, iter_validated

__all__ = [
    "DEALS_PER_TASK",
    "ChunkResult",
    "DaskWindows",
    "DealResult",
    "FormattedChunk",
    "Formatting",
    "SourceWindow",
    "Task",
    "chunk_counts",
    "plan_tasks",
    "run_formatted",
    "run_task",
    "validate_texts",
]

#: Deals in one chunk of a parallel run (a chunk costs ~a few ms a deal to validate).
DEALS_PER_TASK = 64

#: A chunk of short deal texts takes more of them (``plan_tasks``'s ``min_chars``): at
#: least this many characters (a chunk of 64 ordinary deals is 20-60 KB) ...
TASK_CHARS = 16 << 10

#: ... and at most this many times :data:`DEALS_PER_TASK` deals.
MAX_TASK_FACTOR = 16

#: ``(deal number, findings sorted by position, profile comparison or None)``.
DealResult = tuple[int, tuple[Diagnostic, ...], ProfileComparison | None]


class SourceWindow(Sequence[str]):
    """The lines of a run of consecutive deal texts, numbered as in the whole file; lines
    outside the run read as ``""`` (no finding points there).

    >>> w = SourceWindow([(3, "a\\nb\\n"), (5, "c")])
    >>> [w[i] for i in range(1, 6)], len(w)
    (['', 'a', 'b', 'c', ''], 5)
    """

    __slots__ = ("_first", "_split", "_texts")

    def __init__(self, texts: Sequence[tuple[int, str]]) -> None:
        self._first = texts[0][0] if texts else 1
        self._texts = texts
        self._split: list[str] | None = None

    @property
    def _lines(self) -> list[str]:
        """The lines, split when first asked for (a broken deal never asks: its error
        carries its line; issue #15)."""
        if self._split is None:
            self._split = "".join(t for _, t in self._texts).split("\n")
            self._texts = ()
        return self._split

    def __len__(self) -> int:
        return self._first - 1 + len(self._lines)

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[str]: ...
    def __getitem__(self, i: int | slice) -> str | Sequence[str]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        j = i - (self._first - 1)
        return self._lines[j] if 0 <= j < len(self._lines) else ""


@attrs.frozen
class Task:
    """One chunk of a file: whole deals' texts with their first lines, the number of the
    first deal (as counted by the planner: one deal a text, which a reader that splits a
    text differently corrects, see :attr:`ChunkResult.deals`), and the text of the deal
    before (``prev``) for the leader check across the chunk boundary."""

    file: str
    texts: tuple[tuple[int, str], ...]
    first_index: int
    prev: tuple[int, str] | None = None
    profile: str | None = None
    compare: tuple[str, ...] = ()
    deck_check: bool = True
    #: which input of the run the file is (its position among the files), so that
    #: summaries folded on a cluster tell apart two inputs of the same name
    source: int = 0


@attrs.frozen
class ChunkResult:
    """What :func:`run_task` found: the findings deal by deal, how many deals the texts
    held, the ``%GJN`` version (first chunk only), and ``exact``: False when the text
    before held no deal, so that the leader check could not be made as in one run."""

    first_index: int
    deals: int
    results: tuple[DealResult, ...]
    version: int | None = None
    exact: bool = True


def plan_tasks(
    file: str,
    texts: Iterable[tuple[int, str]],
    *,
    deals_per_task: int = DEALS_PER_TASK,
    profile: str | None = None,
    compare: Sequence[str] = (),
    deck_check: bool = True,
    source: int = 0,
    min_chars: int = 0,
) -> Iterator[Task]:
    """Group deal texts into :class:`Task` chunks of ``deals_per_task`` texts (lazily: one
    chunk's texts are held at a time); with ``min_chars``, a chunk of shorter texts takes
    more of them, up to ``min_chars`` characters or ``MAX_TASK_FACTOR`` times as many
    texts (a file of 500,000 one-line broken deals was 8,000 chunks, each costing more
    to send and start than its deals to read, issue #15).

    >>> texts = [(i, "[\\n") for i in range(1, 2001)]
    >>> [len(t.texts) for t in plan_tasks("a.gjn", texts, deals_per_task=64)][:2]
    [64, 64]
    >>> [len(t.texts) for t in plan_tasks("a.gjn", texts, deals_per_task=64, min_chars=1000)]
    [500, 500, 500, 500]
    """
    run: list[tuple[int, str]] = []
    prev: tuple[int, str] | None = None
    index = 1
    rest = (profile, tuple(compare), deck_check, source)
    size = 0
    most = deals_per_task * MAX_TASK_FACTOR
    for text in texts:
        run.append(text)
        size += len(text[1])
        if len(run) >= deals_per_task and (size >= min_chars or len(run) >= most):
            size = 0
            yield Task(file, tuple(run), index, prev, *rest)
            index += len(run)
            prev = run[-1]
            run = []
    if run or index == 1:
        yield Task(file, tuple(run), index, prev, *rest)


def _numbered(
    items: Iterable[tuple[list[m.Comment], int | None, m.Deal | BrokenDeal | None]],
    first: int,
    version: list[int | None],
) -> Iterator[tuple[int, m.Deal | BrokenDeal]]:
    i = first
    for _, ver, deal in items:
        if ver is not None:
            version.append(ver)
        if deal is not None:
            yield i, deal
            i += 1


def run_task(task: Task, first_index: int | None = None) -> ChunkResult:
    """Validate one chunk (the function a worker process or a Dask worker runs);
    ``first_index`` overrides the planner's number of the first deal."""
    first = task.first_index if first_index is None else first_index
    prev: Previous | None = None
    exact = True
    if task.prev is not None:
        before = [d for _, _, d in iter_read_texts([task.prev], filename=task.file) if d]
        last = before[-1] if before else None
        exact = last is not None
        if isinstance(last, m.Deal):  # replayed again only for its end
            (*_, prev), *_ = iter_validated(
                [(first - 1, last)],
                file=task.file,
                source_lines=SourceWindow([task.prev]),
                profile=task.profile,
                deck_check=task.deck_check,
            )
    version: list[int | None] = []
    results = tuple(
        validate_texts(
            task.texts,
            file=task.file,
            profile=task.profile,
            compare=task.compare,
            deck_check=task.deck_check,
            first_index=first,
            prev=prev,
            version=version,
            window=SourceWindow(task.texts),
        )
    )
    deals = results[-1][0] - first + 1 if results else 0
    return ChunkResult(first, deals, results, version[0] if version else None, exact)


def validate_texts(
    texts: Iterable[tuple[int, str]],
    *,
    file: str,
    profile: str | None = None,
    compare: Sequence[str] = (),
    deck_check: bool = True,
    first_index: int = 1,
    prev: Previous | None = None,
    version: list[int | None] | None = None,
    window: SourceWindow | None = None,
) -> Iterator[DealResult]:
    """Validate deal texts one deal at a time (:func:`iter_validated`), holding one
    text's lines for the carets unless ``window`` gives the lines of all of them;
    the ``%GJN`` version read, if any, is appended to ``version``."""
    lines = _Lines(window)
    versions: list[int | None] = [] if version is None else version

    def texts_seen() -> Iterator[tuple[int, str]]:
        for t in texts:
            if window is None:
                lines.current = SourceWindow([t])
            yield t

    deals = _numbered(iter_read_texts(texts_seen(), filename=file), first_index, versions)
    for i, found, comparison, _ in iter_validated(
        deals,
        file=file,
        source_lines=lines,
        profile=profile,
        compare=compare,
        deck_check=deck_check,
        prev=prev,
    ):
        yield i, tuple(found), comparison


class _Lines(Sequence[str]):
    """The lines of the text being read (swapped as the texts are read)."""

    __slots__ = ("current",)

    def __init__(self, window: SourceWindow | None) -> None:
        self.current = window or SourceWindow([])

    def __len__(self) -> int:
        return len(self.current)

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[str]: ...
    def __getitem__(self, i: int | slice) -> str | Sequence[str]:
        return self.current[i]


@attrs.frozen
class Formatting:
    """How ``gouji validate`` writes a finding: ``fmt`` ``"text"`` (:meth:`Diagnostic.format`
    in ``lang``, coloured or not) or ``"jsonl"`` (one JSON object a line, ASCII only when
    ``ascii``), only errors with ``errors_only``."""

    fmt: str = "text"
    lang: str = "en"
    color: bool = False
    explain: bool = False
    errors_only: bool = False
    ascii: bool = False

    def line(self, d: Diagnostic) -> str | None:
        """The line printed for ``d`` (without its line break), None when not shown.

        >>> from gojinotation_analyzer.reports.validate import reader_failure
        >>> d = reader_failure("a.gjn", ValueError("x")).diagnostics[0]
        >>> Formatting("jsonl").line(d)[:40]
        '{"type": "diagnostic", "code": "GJV290",'
        """
        if self.errors_only and d.severity is not Severity.ERROR:
            return None
        if self.fmt == "jsonl":
            obj = {"type": "diagnostic", **diagnostic_dict(d, explain=self.explain)}
            return json.dumps(obj, ensure_ascii=self.ascii)
        return d.format(self.lang, color=self.color, explain=self.explain) or None


@attrs.frozen
class FormattedChunk:
    """What :func:`run_formatted` found, written: the chunk's printed ``text`` (its lines,
    each with its line break), its counts by :data:`reports.report.COUNT_KEYS`, whether
    anything was found (shown or not), its profile comparisons (printed at the end of the
    file), and as in :class:`ChunkResult` the deals, the ``%GJN`` version and ``exact``."""

    first_index: int
    deals: int
    text: str
    counts: tuple[int, ...]
    found: bool
    comparisons: tuple[ProfileComparison, ...] = ()
    version: int | None = None
    exact: bool = True
    source: int = 0


def format_results(
    results: Iterable[DealResult], formatting: Formatting
) -> tuple[str, tuple[int, ...], bool, tuple[ProfileComparison, ...]]:
    """The text, counts, found flag and comparisons of some deals' results (see
    :class:`FormattedChunk`)."""
    lines: list[str] = []
    counts = dict.fromkeys(COUNT_KEYS, 0)
    found = False
    comparisons: list[ProfileComparison] = []
    for _, diagnostics, comparison in results:
        for d in diagnostics:
            counts[count_key(d)] += d.more or 1
            found = True
            text = formatting.line(d)
            if text is not None:
                lines.append(text + "\n")
        if comparison is not None:
            found = True
            comparisons.append(comparison)
    return "".join(lines), tuple(counts.values()), found, tuple(comparisons)


def run_formatted(
    task: Task, formatting: Formatting, first_index: int | None = None
) -> FormattedChunk:
    """:func:`run_task`, its findings written by ``formatting`` where they were found (a
    worker process or a Dask worker), so that the parent only prints the text in order.

    >>> from gojinotation.reader import deal_texts
    >>> task, = plan_tasks("a.gjn", deal_texts('[Leader "1"]\\nhand 1: 3\\n1:ZZ\\n'))
    >>> chunk = run_formatted(task, Formatting("jsonl"))
    >>> chunk.deals, chunk.counts, chunk.text.count("\\n"), chunk.text[:22]
    (1, (1, 0, 0, 0, 0), 1, '{"type": "diagnostic",')
    """
    result = run_task(task, first_index)
    text, counts, found, comparisons = format_results(result.results, formatting)
    return FormattedChunk(
        result.first_index,
        result.deals,
        text,
        counts,
        found,
        comparisons,
        result.version,
        result.exact,
        task.source,
    )


def chunk_counts(chunk: FormattedChunk) -> list[tuple[tuple[int, str], int]]:
    """The counts of a chunk as ``((source, count key), n)`` pairs, those not zero (what
    :class:`DaskWindows` folds by key).

    >>> chunk_counts(FormattedChunk(1, 2, "", (1, 0, 3, 0, 0), True, source=4))
    [((4, 'syntax'), 1), ((4, 'warnings'), 3)]
    """
    return [((chunk.source, k), n) for k, n in zip(COUNT_KEYS, chunk.counts, strict=True) if n]


def _fold_add(total: int, pair: tuple[tuple[int, str], int]) -> int:
    return total + pair[1]


def _pair_key(pair: tuple[tuple[int, str], int]) -> tuple[int, str]:
    return pair[0]


class DaskWindows:
    """Chunks validated on a Dask cluster with ``dask.bag``, a window of ``size`` chunks
    at a time: :meth:`submit` adds a chunk to the window and returns a handle; a full
    window (or the first handle asked for its result) is sent to the cluster at once as
    one bag, one partition a chunk, mapped by ``run`` (:func:`run_formatted`), and the
    counts of its chunks folded on the cluster by ``(source, count key)`` (``foldby``,
    :func:`chunk_counts`) into :attr:`counts`.  Windows are computed asynchronously, so
    the next one is queued while the parent prints the one before.  ``client`` is a
    ``distributed.Client``; ``dask`` is an optional extra."""

    def __init__(
        self, client: object, run: Callable[[Task], Any] = run_task, size: int = 1
    ) -> None:
        self.client = client
        self.run = run
        self.size = max(1, size)
        self.pending: list[_Handle] = []
        #: the counts folded so far, by input (:attr:`Task.source`) and count key
        self.counts: dict[int, Counter[str]] = {}

    def submit(self, task: Task) -> _Handle:
        """Add ``task`` to the window (sent to the cluster when the window is full)."""
        handle = _Handle(self, task)
        self.pending.append(handle)
        if len(self.pending) >= self.size:
            self.send()
        return handle

    def send(self) -> None:
        """Send the chunks waiting to the cluster (their bag and its fold)."""
        if not self.pending:
            return
        db: Any = importlib.import_module("dask.bag")
        window, self.pending = self.pending, []
        bag = db.from_sequence([h.task for h in window], npartitions=len(window)).map(self.run)
        futures: list[Any] = [bag]
        if self.run is not run_task:  # formatted chunks carry their counts: fold them
            pairs = bag.map(chunk_counts).flatten()
            futures.append(pairs.foldby(_pair_key, _fold_add, 0, operator.add, 0))
        sent = _Sent(self.client.compute(futures), self)  # type: ignore[attr-defined]
        for handle in window:
            handle.sent = sent
        for i, handle in enumerate(window):
            handle.index = i

    def discard(self, chunk: FormattedChunk) -> None:
        """Take a chunk's counts back out of :attr:`counts` (a result the parent did not
        use)."""
        total = self.counts.setdefault(chunk.source, Counter())
        for (_, key), n in chunk_counts(chunk):
            total[key] -= n

    def take_counts(self, source: int) -> dict[str, int]:
        """The counts folded for input ``source`` (all its chunks' results taken)."""
        total = self.counts.pop(source, Counter())
        return {k: total[k] for k in COUNT_KEYS}


class _Sent:
    """A window on the cluster: its futures, gathered once."""

    __slots__ = ("futures", "owner", "values")

    def __init__(self, futures: Any, owner: DaskWindows) -> None:
        self.futures, self.owner = futures, owner
        self.values: list[Any] | None = None

    def gather(self) -> list[Any]:
        if self.values is None:
            got = [f.result() for f in self.futures]
            self.values = list(got[0])
            if len(got) > 1:
                for (source, key), n in got[1]:
                    self.owner.counts.setdefault(source, Counter())[key] += n
        return self.values


class _Handle:
    __slots__ = ("index", "owner", "sent", "task")

    def __init__(self, owner: DaskWindows, task: Task) -> None:
        self.owner, self.task = owner, task
        self.sent: _Sent | None = None
        self.index = 0

    def result(self) -> Any:
        if self.sent is None:
            self.owner.send()
        assert self.sent is not None
        return self.sent.gather()[self.index]
