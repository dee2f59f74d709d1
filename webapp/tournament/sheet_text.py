"""How a pasted sheet's cells are separated, and whether a header-less column reads as kana.

Excel and Google Sheets copy cells separated by tabs (Excel with CRLF line ends and a cell
holding a line break in double quotes); a file saved as CSV uses commas. Pure: no database.
"""
import re

_KANA = re.compile(r"^[\u3041-\u309f\u30a0-\u30ff\uff66-\uff9f\s・ー゛゜]+$")


def delimiter(text: str) -> str:
    """Tab when the first line with anything on it has more tabs than commas, else comma."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    return "\t" if first.count("\t") > first.count(",") else ","


def kana_column(rows: list[list[str]], index: int) -> bool:
    """True when every filled cell of column `index` is kana only (a reading), and one is filled."""
    cells = [r[index] for r in rows if len(r) > index and r[index]]
    return bool(cells) and all(_KANA.match(c) for c in cells)


def one_line(cell: str) -> str:
    """A cell's line breaks (Excel quotes a cell typed with Alt+Enter) as one space each."""
    return re.sub(r"\s*[\r\n]+\s*", " ", cell)
