"""CSV files for spreadsheet programs, safe to open: no cell runs as a formula.

A cell starting with =, +, -, @, a tab or a carriage return is read as a formula by Excel,
LibreOffice and Google Sheets (an entrant named =HYPERLINK(...) could send the sheet's data
away). As OWASP recommends, such a cell is prefixed with a single quote: shown as text.
Every CSV export goes through csv_text.
"""
import csv
import io

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value):
    """The value, or the text prefixed with ' when a spreadsheet would read it as a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(header: list[str], rows) -> str:
    """The rows as CSV text, UTF-8 BOM first (so spreadsheet programs read Japanese), cells neutralised."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow([safe_cell(h) for h in header])
    for row in rows:
        writer.writerow([safe_cell(cell) for cell in row])
    return "\ufeff" + buffer.getvalue()
