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
on the whole file.

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
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

import attrs

from gojinotation import model as m
from gojinotation.reader import BrokenDeal, iter_read_texts
from gojinotation_analyzer.reports.compare import ProfileComparison
from gojinotation_analyzer.reports.diagnostics import Diagnostic
from gojinotation_analyzer.reports.validate import Previous, iter_validated

__all__ = [
    "DEALS_PER_TASK",
    "ChunkResult",
    "DaskWindows",
    "DealResult",
    "SourceWindow",
    "Task",
    "plan_tasks",
    "run_task",
    "validate_texts",
]

#: Deals in one chunk of a parallel run (a chunk costs ~a few ms a deal to validate).
DEALS_PER_TASK = 64

#: ``(deal number, findings sorted by position, profile comparison or None)``.
DealResult = tuple[int, tuple[Diagnostic, ...], ProfileComparison | None]


class SourceWindow(Sequence[str]):
    """The lines of a run of consecutive deal texts, numbered as in the whole file; lines
    outside the run read as ``""`` (no finding points there).

    >>> w = SourceWindow([(3, "a\\nb\\n"), (5, "c")])
    >>> [w[i] for i in range(1, 6)], len(w)
    (['', 'a', 'b', 'c', ''], 5)
    """

    __slots__ = ("_first", "_lines")

    def __init__(self, texts: Sequence[tuple[int, str]]) -> None:
        self._first = texts[0][0] if texts else 1
        self._lines = "".join(t for _, t in texts).split("\n")

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
) -> Iterator[Task]:
    """Group deal texts into :class:`Task` chunks of ``deals_per_task`` texts (lazily: one
    chunk's texts are held at a time)."""
    run: list[tuple[int, str]] = []
    prev: tuple[int, str] | None = None
    index = 1
    for text in texts:
        run.append(text)
        if len(run) >= deals_per_task:
            yield Task(file, tuple(run), index, prev, profile, tuple(compare), deck_check)
            index += len(run)
            prev = run[-1]
            run = []
    if run or index == 1:
        yield Task(file, tuple(run), index, prev, profile, tuple(compare), deck_check)


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


class DaskWindows:
    """Chunks validated on a Dask cluster with ``dask.bag``, a window at a time: each
    :meth:`submit` adds a task to the window and returns a handle; the first handle asked
    for its result computes the whole window (one bag, one partition a chunk, results in
    order).  ``client`` is a ``distributed.Client``; ``dask`` is an optional extra."""

    def __init__(self, client: object) -> None:
        self.client = client
        self.pending: list[_Handle] = []

    def submit(self, task: Task) -> _Handle:
        """Add ``task`` to the window."""
        handle = _Handle(self, task)
        self.pending.append(handle)
        return handle

    def compute(self) -> None:
        """Validate the window's chunks on the cluster."""
        db: Any = importlib.import_module("dask.bag")
        window, self.pending = self.pending, []
        bag = db.from_sequence([h.task for h in window], npartitions=len(window))
        results = bag.map(run_task).compute(scheduler=self.client)
        for handle, result in zip(window, results, strict=True):
            handle.value = result


class _Handle:
    __slots__ = ("owner", "task", "value")

    def __init__(self, owner: DaskWindows, task: Task) -> None:
        self.owner, self.task = owner, task
        self.value: ChunkResult | None = None

    def result(self) -> ChunkResult:
        if self.value is None:
            self.owner.compute()
        assert self.value is not None
        return self.value
