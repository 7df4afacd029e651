"""gojinotation: GJN, the hand-record notation of Gouji (够级).

The notation layer: cards, the record model, the reader (Lark grammar), the canonical
writer and JSON.  It knows no rules; ``gojinotation_analyzer`` replays records through the rules.

>>> import gojinotation as gj
>>> match = gj.loads('[Event "demo"]\\nhand 1: DD X 333\\n1. 1:333 2:-')
>>> print(gj.dumps(match).splitlines()[-1])
1. 1:333 2:-

Actions read and write one at a time, in the spirit of python-chess's moves:

>>> action = gj.parse_action("3:burn kkkk !?")
>>> type(action).__name__, action.seat, str(action)
('Burn', 3, '3:burn KKKK !?')
>>> gj.Play.parse("3:KKK") == action
False

Text is read by :func:`read` / :func:`loads`, files by :func:`read_file` / :func:`load`.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names for mypy; at run time they are imported on first use
    from . import cards as cards
    from . import errors as errors
    from . import model as model
    from . import reader as reader
    from . import writer as writer
    from .cards import Card, CardSyntaxError, Rank, Suit, format_cards, parse_cards
    from .errors import GoujiError, NotationError
    from .model import (
        Action,
        ActionBase,
        Baola,
        Burn,
        Buy,
        Close,
        Comment,
        Deal,
        Declare,
        Decline,
        Draw,
        Give,
        Hand,
        JiefengClaim,
        Kaidian,
        Match,
        Note,
        Pass,
        Penalty,
        Play,
        Query,
        Report,
        Return,
        Revolution,
        RoundMark,
        Ruling,
        Show,
        Span,
        Tag,
        Timeout,
        Tribute,
        TurnPlay,
        Variation,
        Waive,
        Yield,
        duitou,
        team_of,
    )
    from .reader import (
        BrokenDeal,
        Header,
        ReadResult,
        iter_deals,
        load,
        loads,
        parse_action,
        read,
        read_file,
        skim,
    )
    from .writer import dumps, format_action, format_turn_play, write_deal

__version__ = "0.1.0"

#: The module of ``gojinotation`` that defines each public name (PEP 562 lazy
#: attributes: ``import gojinotation`` imports neither the model nor the reader and its
#: Lark parser until a name is first used).
_MODULES: dict[str, tuple[str, ...]] = {
    "cards": (
        "Card",
        "CardSyntaxError",
        "Rank",
        "Suit",
        "format_cards",
        "parse_cards",
    ),
    "errors": (
        "GoujiError",
        "NotationError",
    ),
    "model": (
        "Action",
        "ActionBase",
        "Baola",
        "Burn",
        "Buy",
        "Close",
        "Comment",
        "Deal",
        "Declare",
        "Decline",
        "Draw",
        "Give",
        "Hand",
        "JiefengClaim",
        "Kaidian",
        "Match",
        "Note",
        "Pass",
        "Penalty",
        "Play",
        "Query",
        "Report",
        "Return",
        "Revolution",
        "RoundMark",
        "Ruling",
        "Show",
        "Span",
        "Tag",
        "Timeout",
        "Tribute",
        "TurnPlay",
        "Variation",
        "Waive",
        "Yield",
        "duitou",
        "team_of",
    ),
    "reader": (
        "BrokenDeal",
        "Header",
        "ReadResult",
        "iter_deals",
        "load",
        "loads",
        "parse_action",
        "read",
        "read_file",
        "skim",
    ),
    "writer": (
        "dumps",
        "format_action",
        "format_turn_play",
        "write_deal",
    ),
}
_WHERE = {name: module for module, names in _MODULES.items() for name in names}

__all__ = [
    "Action",
    "ActionBase",
    "Baola",
    "BrokenDeal",
    "Burn",
    "Buy",
    "Card",
    "CardSyntaxError",
    "Close",
    "Comment",
    "Deal",
    "Declare",
    "Decline",
    "Draw",
    "Give",
    "GoujiError",
    "Hand",
    "Header",
    "JiefengClaim",
    "Kaidian",
    "Match",
    "NotationError",
    "Note",
    "Pass",
    "Penalty",
    "Play",
    "Query",
    "Rank",
    "ReadResult",
    "Report",
    "Return",
    "Revolution",
    "RoundMark",
    "Ruling",
    "Show",
    "Span",
    "Suit",
    "Tag",
    "Timeout",
    "Tribute",
    "TurnPlay",
    "Variation",
    "Waive",
    "Yield",
    "__version__",
    "duitou",
    "dumps",
    "format_action",
    "format_cards",
    "format_turn_play",
    "iter_deals",
    "load",
    "loads",
    "parse_action",
    "parse_cards",
    "read",
    "read_file",
    "skim",
    "team_of",
    "write_deal",
]


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use (and then cached)."""
    from importlib import import_module

    module = _WHERE.get(name)
    if module is None:
        if not name.startswith("__"):  # a submodule (``gj.cards``), as when all were imported
            try:
                return import_module(f"{__name__}.{name}")
            except ModuleNotFoundError as exc:
                if exc.name != f"{__name__}.{name}":
                    raise
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
