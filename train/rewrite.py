"""Rewrite presets as word-level rules, for rewrite training pairs.

A small model cannot learn "make this formal" from a few hours of CPU training on free text,
but it can learn consistent, checkable transformations: `formal` expands contractions and
swaps colloquial words for formal ones, `concise` drops filler words and wordy phrases,
`simple` swaps long words for plain ones, `friendly` contracts. Each preset maps a sentence
to its rewrite (or returns it unchanged when no rule applies), so the pairs stay honest:
the target text is always the rule's output.
"""
import re

PRESETS = ("formal", "concise", "simple", "friendly")

CONTRACTIONS = {
    "do not": "don't", "does not": "doesn't", "did not": "didn't", "is not": "isn't", "are not": "aren't",
    "was not": "wasn't", "were not": "weren't", "cannot": "can't", "could not": "couldn't", "will not": "won't",
    "would not": "wouldn't", "should not": "shouldn't", "have not": "haven't", "has not": "hasn't",
    "it is": "it's", "that is": "that's", "there is": "there's", "I am": "I'm", "you are": "you're",
    "we are": "we're", "they are": "they're", "I have": "I've", "I will": "I'll", "you will": "you'll",
}
EXPANSIONS = {v: k for k, v in CONTRACTIONS.items()}
COLLOQUIAL = {
    "kids": "children", "kid": "child", "buy": "purchase", "bought": "purchased", "lots of": "many",
    "a lot of": "many", "big": "large", "huge": "very large", "maybe": "perhaps", "okay": "acceptable",
    "start": "begin", "started": "began", "show": "demonstrate", "shows": "demonstrates", "try": "attempt",
    "tries": "attempts", "anyway": "nevertheless", "pretty": "fairly", "stuff": "material", "thing": "matter",
}
FILLERS = ["really ", "very ", "actually ", "basically ", "just ", "quite ", "simply ", "totally ",
           "definitely ", "certainly ", "rather ", "somewhat "]
WORDY = {
    "in order to": "to", "due to the fact that": "because", "at this point in time": "now", "in spite of the fact that":
    "although", "a large number of": "many", "the majority of": "most", "is able to": "can", "are able to": "can",
    "in the event that": "if", "for the purpose of": "for", "with regard to": "about", "prior to": "before",
    "a number of": "several", "at the present time": "now", "in close proximity to": "near",
}
PLAIN = {
    "utilize": "use", "utilizes": "uses", "utilized": "used", "approximately": "about", "commence": "begin",
    "commenced": "began", "terminate": "end", "terminated": "ended", "purchase": "buy", "purchased": "bought",
    "assist": "help", "assistance": "help", "demonstrate": "show", "demonstrates": "shows", "sufficient": "enough",
    "obtain": "get", "obtained": "got", "require": "need", "requires": "needs", "numerous": "many",
    "additional": "more", "subsequently": "later", "consequently": "so", "nevertheless": "still",
    "facilitate": "help", "individuals": "people", "individual": "person", "residence": "home",
    "inquire": "ask", "endeavor": "try", "attempt": "try", "attempts": "tries", "frequently": "often",
    "initial": "first", "modify": "change", "modified": "changed", "indicate": "show", "indicates": "shows",
    "therefore": "so", "however": "but", "regarding": "about", "possess": "have", "possesses": "has",
}


def _phrase_sub(text, table, case_first=True):
    """Replaces whole-word phrases from `table`, longest first, keeping a leading capital."""
    for src in sorted(table, key=len, reverse=True):
        dst = table[src]
        # Hyphens bind: "kid-glove" is not "kid".
        pattern = re.compile(r"(?<![\w-])" + re.escape(src) + r"(?![\w-])", re.IGNORECASE if case_first else 0)

        def repl(m, dst=dst):
            word = m.group(0)
            if word[:1].isupper() and not dst[:1].isupper():
                return dst[:1].upper() + dst[1:]
            return dst
        text = pattern.sub(repl, text)
    return text


def formal(s):
    return _phrase_sub(_phrase_sub(s, EXPANSIONS), COLLOQUIAL)


def concise(s):
    out = _phrase_sub(s, WORDY)
    for f in FILLERS:
        out = re.sub(r"\b" + f, "", out)
        cap = f[:1].upper() + f[1:]
        out = re.sub(r"^" + cap + r"(\w)", lambda m: m.group(1).upper(), out)
    return re.sub(r"  +", " ", out)


def simple(s):
    return _phrase_sub(s, PLAIN)


def friendly(s):
    return _phrase_sub(s, CONTRACTIONS, case_first=False)


RULES = {"formal": formal, "concise": concise, "simple": simple, "friendly": friendly}


def make_pair(sentence, rng):
    """(preset, input, rewrite). Prefers a preset whose rules change the sentence."""
    order = list(PRESETS)
    rng.shuffle(order)
    for preset in order:
        out = RULES[preset](sentence)
        if out != sentence:
            return preset, sentence, out
    return order[0], sentence, sentence
