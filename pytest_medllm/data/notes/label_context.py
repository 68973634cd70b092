"""The words around a label of :mod:`.labels` that say what its number is: an ECG's line, the heart's examination
line, a rhythm's name, a lab's "T", a temperature that is not the patient's, a change of a pressure. Regular
expressions only, read by the label table.
"""

#: What precedes an ECG rate on its line, as a word of its own ("arrhythm." is no ECG).
ECG_CONTEXT = r"\b(?:ECG|EKG|ekg|ecg|ЭКГ|ЕКГ|ΗΚΓ|تخطيط\s+القلب|12-lead|[Tt]ele\w*|[Rr]hythm(?:\s+strip)?|[Mm]onitor)\b[^\n]{0,40}$"
#: A line of the heart's examination: "Cor: Oregelbunden rytm, frekvens 112", "Herz: rhythmisch, Frequenz 80".
HEART_EXAM = r"(?i)^[^\n]{0,80}?\b(?:cor|hjärta|hjerte|hjerta|herz|hart|c(?:œ|oe)ur|coraz[óo]n|cuore|heart|cvs?|serce|srce|" \
              r"szív|sydän|сердце|ССС|keringés)[ \t]*:[^\n]{0,60}$"
RHYTHM = (r"(?:(?:sinus|junctional|nodal|atrial|ventricular|narrow[- ]complex|wide[- ]complex|regular|irregular|"
           r"supraventricular|accelerated|idioventricular|ectopic|paroxysmal)\s+){1,3}"
           r"(?:rhythm|tachycardia|bradycardia|tachy|tach|brady|fibrillation|flutter)")
#: Words before a "T" that make it part of a lab's name: "troponin T 24 ng/l", "free T 1.2".
LAB_T = r"(?:troponin|trop|tn|free|total|bili\w*)[ \t]*$"
#: Words before "temperature" that make it something else's: "room temperature 22 °C", "water temp 40".
#: "room temperature", "air temp": not the patient's; "Sats 98% air   Temp 36.8" is the saturation's air, then the
#: patient's temperature (the word right before the label, a space between, not after a percentage).
NOT_PATIENTS_TEMPERATURE = r"(?<!%[ \t])\b(?:room|ambient|outside|outdoor|environment\w*|air|water|bath|fridge|" \
                            r"incubator|dialysate|dializátum|blanket|device|set|target|goal|fluid)[ \t]?$"
#: Words before a systolic or diastolic label that make its number a change, not a reading: "chute systolique de 44".
A_CHANGE = r"\b(?:chute|drop|fall|baisse|abfall|ca[íi]da|calo|queda|rise|increase|change)\s*$"
