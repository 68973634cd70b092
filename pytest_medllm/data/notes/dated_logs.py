"""The readings of a dated log: lines that each open with a date (or a weekday and the time of day) and hold
pressure-shaped pairs, with the pulse written right after a pair. A home blood-pressure log in any language; read
after the other continuations of :mod:`.continuations`, whose pair reader it uses."""

from __future__ import annotations

import re

from .continuations import pairs_in
from .values import Found, read_single


#: A line of a dated log: a date opening it ("03-03", "2/24", "2024/09/08", "12.03."), after a bullet.
# (a weekday may come first: Dutch "di 04-03"; a Japanese log is indented with full-width spaces)
_DATED_LINE = re.compile(r"^[ \t\u3000]*(?:[-*•][ \t]*)?(?:[^\W\d_]{2,3}\.?[ \t]+)?"
                         r"(?P<date>\d{4}[/.-]\d{1,2}[/.-]\d{1,2}|\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?\.?|"
                         # or a weekday alone before the time of day: Dutch "ma  ochtend 162/98 p 78", English
                         # "Mon AM 148/92", German "Mo morgens 150/90"
                         r"(?:ma|di|wo|do|vr|za|zo)(?=[ \t]+(?:ochtend|middag|avond))|"
                         r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\w*(?=[ \t]+(?:AM|PM|am|pm|morning|evening))|"
                         r"(?:Mo|Di|Mi|Do|Fr|Sa|So)(?=[ \t]+(?:morgens|abends|früh)))"
                         r"(?![\d/])[^\n]*$", re.M)
#: The pulse written right after a log's pair: "158/98  p 74", "152/90（脈72）", "146/92 (HR 80)", "138/86 / 66",
#: "146/92 (78)".
_LOG_PULSE = re.compile(r"[ \t\u3000]*(?:(?:[(（][ \t]*)?(?:[Pp]|脈|HR|[Pp]uls|FC|[Pp]ulse)[ \t:]*|[ \t]/[ \t]*)"
                        r"(?P<hr>\d{2,3})(?![\d/.,])|"
                        # the pulse alone in brackets: a Korean log's "146/92 (78)"
                        r"[ \t]*[(（][ \t]*(?P<bracketed>\d{2,3})[ \t]*[)）]")


#: A header line of laboratory columns above the dated lines: their pairs are results, not pressures ("Date  Hb  TLC
#: Platelets  HCT  SGOT/SGPT" over "18/08  15.2  2,800  62,000  46.1  142/98").
_LAB_HEADER = re.compile(r"(?<![^\W\d_])(?:SGOT|SGPT|AST|ALT|Hb|Hgb|TLC|WBC|Plt|Platelets?|HCT|Hct|Creat\w*|Urea|INR|"
                         r"CRP|Bili\w*|Na|K)(?![^\W\d_])")
_BP_HEADER = re.compile(r"(?<![^\W\d_])(?:BP|B/P|blood\s+pressure|RR|TA|PA|АД|АТ|TK)(?![^\W\d_])", re.I)


def _under_a_lab_header(text: str, start: int) -> bool:
    """Whether the line above the dated line at ``start`` heads laboratory columns and no blood pressure."""
    above_end = text.rfind("\n", 0, start)
    if above_end < 0:
        return False
    above = text[text.rfind("\n", 0, above_end) + 1:above_end]
    return bool(_LAB_HEADER.search(above)) and not _BP_HEADER.search(above)


def dated_logs(text: str) -> list[Found]:
    """Readings of a log whose lines each open with a date and hold pressure-shaped pairs, two such lines or more
    in a row (a home log in any language: "03-03    158/98  p 74      149/94  p 78", "2/24　152/90（脈72）",
    "- 2024/09/08 مساءً: 146/94"), with the pulse written right after a pair."""
    more: list[Found] = []
    block: list[list[Found]] = []
    previous_end = -2
    for line in _DATED_LINE.finditer(text):
        # (a home monitor's pulse after a spaced slash: "07.04. | 138/86 / 66")
        found = pairs_in(text, line.end("date"), line.end(), "reading of a dated log", plans=False,
                          in_slash_run=True, x_pairs=True)
        for pair_end in [f.partner[1] for f in found if f.variable == "systolic_bp" and f.partner]:
            pulse = _LOG_PULSE.match(text, pair_end)
            if pulse and pulse.end() <= line.end():
                group = "hr" if pulse["hr"] else "bracketed"
                item, _ = read_single("heart_rate", text, pulse.start(group), pulse.end(group), "pulse of a dated log")
                found += [item] if item else []
        if not found or line.start() != previous_end + 1:
            more += [f for rows in block for f in rows] if len(block) >= 2 else []
            block = []
        if found and (block or not _under_a_lab_header(text, line.start())):
            block.append(found)
        previous_end = line.end()
    return more + ([f for rows in block for f in rows] if len(block) >= 2 else [])
