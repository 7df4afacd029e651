"""The Lark grammar of GJN, the normative definition of the format (ships inside the wheel)."""

from pathlib import Path

GRAMMAR_PATH = Path(__file__).with_name("gjn.lark")
