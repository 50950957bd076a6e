"""Synthetic grammatical errors of the kinds learners make, for correction training pairs.

Each rule takes a list of words (punctuation attached) and a random.Random and returns a
new list, or None when it does not apply. `corrupt` applies 1-3 rules; `make_pair` leaves a
share of sentences untouched so the model learns to keep correct text as it is.
"""
import random
import re

ARTICLES = ["a", "an", "the"]
PREPOSITIONS = ["in", "on", "at", "to", "for", "of", "with", "from", "by", "about"]
CONFUSABLES = [
    ("their", "there"), ("there", "their"), ("they're", "their"), ("its", "it's"), ("it's", "its"),
    ("then", "than"), ("than", "then"), ("your", "you're"), ("you're", "your"), ("affect", "effect"),
    ("effect", "affect"), ("to", "too"), ("too", "to"), ("lose", "loose"), ("whose", "who's"),
]
# third-person singular -> base form, and the reverse
AGREEMENT = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go", "are": "is",
             "were": "was", "have": "has", "do": "does"}
IRREGULAR_PAST = {"went": "goed", "bought": "buyed", "saw": "seen", "ate": "eated", "ran": "runned",
                  "came": "comed", "took": "taked", "gave": "gived", "made": "maked", "found": "finded",
                  "thought": "thinked", "told": "telled", "knew": "knowed", "wrote": "writed",
                  "began": "begun", "drank": "drunk", "brought": "bringed", "caught": "catched"}
PAST_TO_BASE = {"went": "go", "bought": "buy", "saw": "see", "ate": "eat", "ran": "run", "came": "come",
                "took": "take", "gave": "give", "made": "make", "found": "find", "was": "is", "had": "have"}

WORD = re.compile(r"^([\"'(]*)([A-Za-z][A-Za-z'-]*)([.,;:!?\"')]*)$")


def _split(word):
    m = WORD.match(word)
    return (m.group(1), m.group(2), m.group(3)) if m else None


def _same_case(template, word):
    if template[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def _replace_word(words, rng, table):
    """Replaces one word found in `table` (lower-case keys), keeping case and punctuation."""
    idx = [i for i, w in enumerate(words) if (p := _split(w)) and p[1].lower() in table]
    if not idx:
        return None
    i = rng.choice(idx)
    pre, core, post = _split(words[i])
    new = table[core.lower()]
    if isinstance(new, (list, tuple)):
        new = rng.choice(new)
    out = list(words)
    out[i] = pre + _same_case(core, new) + post
    return out


def article_drop(words, rng):
    idx = [i for i, w in enumerate(words) if w.lower() in ARTICLES]
    if not idx:
        return None
    i = rng.choice(idx)
    out = words[:i] + words[i + 1:]
    if i == 0 and out:
        out[0] = out[0][:1].upper() + out[0][1:]
    return out


def article_swap(words, rng):
    table = {"a": ["the", "an"], "an": ["a", "the"], "the": ["a", "an"]}
    return _replace_word(words, rng, table)


def article_add(words, rng):
    if len(words) < 3:
        return None
    i = rng.randrange(1, len(words))
    if words[i - 1].lower() in ARTICLES or not words[i][:1].isalpha():
        return None
    return words[:i] + [rng.choice(ARTICLES)] + words[i:]


def agreement(words, rng):
    return _replace_word(words, rng, AGREEMENT)


def verb_form(words, rng):
    table = dict(IRREGULAR_PAST)
    if rng.random() < 0.5:
        table = dict(PAST_TO_BASE)
    return _replace_word(words, rng, table)


def noun_number(words, rng):
    idx = [i for i, w in enumerate(words) if (p := _split(w)) and len(p[1]) > 3 and p[1].islower()
           and p[1] not in AGREEMENT and (p[1].endswith("s") and not p[1].endswith("ss") or i > 0
                                          and words[i - 1].lower() in ("two", "three", "many", "several", "some"))]
    if not idx:
        return None
    i = rng.choice(idx)
    pre, core, post = _split(words[i])
    new = core[:-1] if core.endswith("s") else core + "s"
    out = list(words)
    out[i] = pre + new + post
    return out


def preposition(words, rng):
    table = {p: [q for q in PREPOSITIONS if q != p] for p in PREPOSITIONS}
    return _replace_word(words, rng, table)


def word_order(words, rng):
    if len(words) < 4:
        return None
    i = rng.randrange(0, len(words) - 1)
    a, b = words[i], words[i + 1]
    if not (_split(a) and _split(b)) or _split(a)[2] or i == 0:
        return None
    out = list(words)
    out[i], out[i + 1] = b, a
    return out


def confusable(words, rng):
    table = {}
    for a, b in CONFUSABLES:
        table.setdefault(a, []).append(b)
    return _replace_word(words, rng, table)


def typo(words, rng):
    idx = [i for i, w in enumerate(words) if (p := _split(w)) and len(p[1]) >= 4]
    if not idx:
        return None
    i = rng.choice(idx)
    pre, core, post = _split(words[i])
    j = rng.randrange(1, len(core) - 1)
    kind = rng.randrange(4)
    letters = "abcdefghijklmnopqrstuvwxyz"
    if kind == 0:
        core = core[:j] + rng.choice(letters) + core[j:]
    elif kind == 1:
        core = core[:j] + core[j + 1:]
    elif kind == 2:
        core = core[:j - 1] + core[j] + core[j - 1] + core[j + 1:]
    else:
        core = core[:j] + rng.choice(letters) + core[j + 1:]
    out = list(words)
    out[i] = pre + core + post
    return out if out != words else None


def punctuation(words, rng):
    kind = rng.randrange(4)
    out = list(words)
    if kind == 0 and out and out[-1][-1:] in ".!?":
        out[-1] = out[-1][:-1]
        return out
    if kind == 1:
        idx = [i for i, w in enumerate(out[:-1]) if w.endswith(",")]
        if idx:
            i = rng.choice(idx)
            out[i] = out[i][:-1]
            return out
    if kind == 2 and out and out[0][:1].isupper():
        out[0] = out[0][:1].lower() + out[0][1:]
        return out
    if len(out) > 3:
        i = rng.randrange(1, len(out) - 1)
        if out[i][-1:].isalpha():
            out[i] = out[i] + ","
            return out
    return None


def doubled(words, rng):
    if len(words) < 3:
        return None
    i = rng.randrange(len(words) - 1)
    if not words[i][-1:].isalpha():
        return None
    return words[:i + 1] + [words[i].lower() if i else words[i]] + words[i + 1:]


RULES = [article_drop, article_swap, article_add, agreement, verb_form, noun_number, preposition, word_order,
         confusable, typo, punctuation, doubled]
WEIGHTS = [3, 2, 1, 4, 4, 3, 3, 1, 3, 4, 3, 1]


def corrupt(sentence, rng, max_errors=3):
    """Returns the sentence with 1..max_errors errors, or None if no rule applied."""
    words = sentence.split(" ")
    changed = False
    for _ in range(rng.randint(1, max_errors)):
        for _attempt in range(6):
            rule = rng.choices(RULES, WEIGHTS)[0]
            new = rule(words, rng)
            if new and new != words:
                words, changed = new, True
                break
    return " ".join(words) if changed else None


# Copy-through material for a retrain: what users write and the tokenizer spells in bytes or
# rare pieces, which the model must copy exactly. Applied to correct sentences, so the pair's
# output keeps them verbatim whether or not an error is added elsewhere.
RARE_WORDS = ["café", "Müller", "naïve", "façade", "résumé", "Zürich", "São Paulo", "jalapeño", "Zoë",
              "Björk", "crème brûlée", "東京", "ありがとう", "Москва", "🙂", "👍", "🎉", "€20", "−5 °C"]


def curly_quotes(text):
    """Straight quotes and apostrophes to typographic ones; " - " to an em dash."""
    out, opening = [], True
    for i, c in enumerate(text):
        if c == "'":
            out.append("\u2019" if i > 0 and text[i - 1].isalnum() else "\u2018")
        elif c == '"':
            out.append("\u201c" if opening else "\u201d")
            opening = not opening
        else:
            out.append(c)
    return "".join(out).replace(" - ", " \u2014 ")


def dress(sentence, rng):
    """The sentence with typography, a rare word, inline code or Markdown structure: still
    correct, to be copied through unchanged."""
    words = sentence.split(" ")
    kind = rng.randrange(5)
    if kind == 0:
        curly = curly_quotes(sentence)
        if curly != sentence:
            return curly
        kind = 4
    if kind == 1 and len(words) > 3:
        i = rng.randrange(1, len(words) - 1)
        return " ".join(words[:i] + [rng.choice(RARE_WORDS)] + words[i:])
    if kind == 2 and len(words) > 3:
        i = rng.randrange(len(words) - 1)
        return " ".join(words[:i] + ["`" + words[i].strip(".,;:") + "`"] + words[i + 1:])
    if kind == 3:
        # A heading or list item: no full stop to add.
        return rng.choice(["# ", "## ", "- ", "* ", "1. "]) + sentence.rstrip(".")
    return sentence.rstrip(".") + " " + rng.choice(RARE_WORDS[-6:]) + "."


def make_pair(sentence, rng, clean_share=0.4, rare_share=0.0):
    """(input, correct output): input == output for the clean share; with rare_share, the
    sentence is first dressed with characters and structure the model must copy."""
    if rng.random() < rare_share:
        sentence = dress(sentence, rng)
    if rng.random() < clean_share:
        return sentence, sentence
    bad = corrupt(sentence, rng)
    return (bad, sentence) if bad else (sentence, sentence)
