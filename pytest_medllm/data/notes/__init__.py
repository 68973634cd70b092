"""The readers behind :mod:`pytest_medllm.data.note_vitals`, one module each, and the lexicon and pronoun rules of
:mod:`pytest_medllm.data.note_demographics`: which languages a note shows (:mod:`.languages`), its sections and
their kinds (:mod:`.sections`), how a number is read as a value or refused (:mod:`.values`), the label table and
its reader (:mod:`.labels`), values known without a label, by their unit or in a sentence about them
(:mod:`.unlabelled`), unlabelled layouts — positional runs, tables, rows — (:mod:`.layouts`), continuations of a
value just read (:mod:`.continuations`), dated home logs (:mod:`.dated_logs`), ethnicity terms and the sex words of other languages (:mod:`.lexicon`), the
peoples of the world and the descent phrases of other languages (:mod:`.peoples`), ethnicity rules
(:mod:`.ethnicity`), and
whose each pronoun is (:mod:`.pronouns`). The public entry points and the choice rule stay in
:mod:`pytest_medllm.data.note_vitals` and :mod:`pytest_medllm.data.note_demographics`.
"""
