"""DeVisE's clinical classes: vital-sign severity scales (Table 2), age bins (Table 1), gender and ethnicity.

Severity levels are -2 (very low), -1 (low), 0 (normal), +1 (high), +2 (very high). Oxygen saturation has no high
levels. Temperatures are in °F, as in the study.
"""

from __future__ import annotations

from dataclasses import dataclass

from .schemas import ETHNICITIES, GENDERS


@dataclass(frozen=True)
class SeverityScale:
    variable: str
    unit: str
    #: Inclusive (low, high) range per level, from -2 upwards.
    ranges: dict[int, tuple[float, float]]
    #: Decimals a value of this variable is written with.
    decimals: int = 0

    @property
    def levels(self) -> tuple[int, ...]:
        return tuple(sorted(self.ranges))

    @property
    def bounds(self) -> tuple[float, float]:
        return (min(lo for lo, _ in self.ranges.values()), max(hi for _, hi in self.ranges.values()))

    def level(self, value: float) -> int:
        """Severity level of ``value`` (rounded as it is written); outside the admissible range is an error."""
        written = round(float(value), self.decimals)
        low, high = self.bounds
        if not low <= written <= high:
            raise ValueError(f"{self.variable} = {value} {self.unit} is outside DeVisE's range {low}-{high}")
        for level in self.levels:
            lo, hi = self.ranges[level]
            # Between two written ranges (e.g. 89.4 and 89.5 °F) nothing can fall once rounded.
            if written <= hi:
                return level
        raise AssertionError("unreachable")  # pragma: no cover

    def range_of(self, level: int) -> tuple[float, float]:
        return self.ranges[level]


#: DeVisE Table 2.
SEVERITY_SCALES: dict[str, SeverityScale] = {
    "heart_rate": SeverityScale("heart_rate", "bpm",
                                {-2: (1, 40), -1: (41, 50), 0: (51, 90), 1: (91, 110), 2: (111, 200)}),
    "systolic_bp": SeverityScale("systolic_bp", "mmHg",
                                 {-2: (1, 70), -1: (71, 89), 0: (90, 119), 1: (120, 139), 2: (140, 220)}),
    "diastolic_bp": SeverityScale("diastolic_bp", "mmHg",
                                  {-2: (1, 40), -1: (41, 59), 0: (60, 79), 1: (80, 89), 2: (90, 140)}),
    "respiratory_rate": SeverityScale("respiratory_rate", "breaths/min",
                                      {-2: (1, 8), -1: (9, 11), 0: (12, 20), 1: (21, 24), 2: (25, 50)}),
    "oxygen_saturation": SeverityScale("oxygen_saturation", "%", {-2: (1, 91), -1: (92, 95), 0: (96, 100)}),
    "temperature": SeverityScale("temperature", "°F", {-2: (70.0, 89.4), -1: (89.5, 94.9), 0: (95.0, 100.2),
                                                        1: (100.3, 103.9), 2: (104.0, 110.0)}, decimals=1),
}

#: DeVisE Table 1: age classes (years, inclusive).
AGE_BINS: dict[str, tuple[int, int]] = {
    "young adults": (18, 35),
    "middle aged adults": (36, 55),
    "older adults": (56, 75),
    "elderly": (76, 91),
}

DEMOGRAPHIC_CLASSES: dict[str, tuple[str, ...]] = {
    "age": tuple(AGE_BINS),
    "gender": GENDERS,
    "ethnicity": ETHNICITIES,
}


def age_bin(age: int) -> str:
    for name, (low, high) in AGE_BINS.items():
        if low <= age <= high:
            return name
    raise ValueError(f"age {age} is outside DeVisE's range 18-91")


def severity_shift(variable: str, original: float, counterfactual: float) -> int:
    """DeVisE Eq. 3: |sev(counterfactual)| - |sev(original)| (positive = more severe)."""
    scale = SEVERITY_SCALES[variable]
    return abs(scale.level(counterfactual)) - abs(scale.level(original))
