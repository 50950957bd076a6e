"""Tests of the synthetic error rules: each rule makes the change it names, nothing else."""
import random
import unittest

import errors

S = "The two boys went to the park and bought their books at the shop."


class RuleTests(unittest.TestCase):
    def apply(self, rule, sentence=S, seed=1):
        rng = random.Random(seed)
        for _ in range(50):
            out = rule(sentence.split(" "), rng)
            if out is not None:
                return " ".join(out)
        self.fail(f"{rule.__name__} never applied")

    def test_article_drop(self):
        out = self.apply(errors.article_drop)
        self.assertEqual(len(out.split()), len(S.split()) - 1)

    def test_article_swap(self):
        out = self.apply(errors.article_swap)
        self.assertRegex(out, r"\b(a|an|A|An)\b")

    def test_agreement(self):
        self.assertEqual(self.apply(errors.agreement, "She is happy."), "She are happy.")

    def test_verb_form(self):
        out = self.apply(errors.verb_form, "Yesterday she bought two books.")
        self.assertIn(out.split()[2], ("buyed", "buy"))

    def test_noun_number(self):
        out = self.apply(errors.noun_number, "I have two books.")
        self.assertEqual(out, "I have two book.")

    def test_preposition(self):
        out = self.apply(errors.preposition, "We met at noon.")
        self.assertNotEqual(out, "We met at noon.")
        self.assertEqual(len(out.split()), 4)

    def test_confusable(self):
        self.assertEqual(self.apply(errors.confusable, "Their dog is big."), "There dog is big.")

    def test_typo(self):
        out = self.apply(errors.typo, "Beautiful weather today.")
        self.assertNotEqual(out, "Beautiful weather today.")

    def test_punctuation(self):
        out = self.apply(errors.punctuation, "It rains, so we stay home.")
        self.assertNotEqual(out, "It rains, so we stay home.")

    def test_doubled(self):
        out = self.apply(errors.doubled, "I like green tea.")
        self.assertEqual(len(out.split()), 5)

    def test_word_order(self):
        out = self.apply(errors.word_order, "We often walk to school.")
        self.assertEqual(sorted(out.split()), sorted("We often walk to school.".split()))

    def test_case_kept(self):
        self.assertEqual(self.apply(errors.confusable, "Its fine."), "It's fine.")

    def test_pairs_deterministic_with_clean_share(self):
        a = [errors.make_pair(S, random.Random(7)) for _ in range(1)]
        b = [errors.make_pair(S, random.Random(7)) for _ in range(1)]
        self.assertEqual(a, b)
        rng = random.Random(3)
        pairs = [errors.make_pair(S, rng) for _ in range(1000)]
        clean = sum(1 for x, y in pairs if x == y)
        self.assertTrue(300 < clean < 600, clean)
        self.assertTrue(all(y == S for _, y in pairs))


if __name__ == "__main__":
    unittest.main()


class DressTests(unittest.TestCase):
    def test_curly_quotes(self):
        self.assertEqual(errors.curly_quotes('She said "it\'s fine" - really.'),
                         "She said \u201cit\u2019s fine\u201d \u2014 really.")

    def test_dressed_pairs_copy_through(self):
        rng = random.Random(3)
        kinds = set()
        for _ in range(200):
            src, ref = errors.make_pair(S, rng, clean_share=1.0, rare_share=1.0)
            self.assertEqual(src, ref)
            self.assertNotEqual(ref, S)
            kinds.add(ref[:2])
        self.assertGreater(len(kinds), 3)

    def test_dressed_reference_keeps_rare_text_when_corrupted(self):
        rng = random.Random(5)
        for _ in range(100):
            src, ref = errors.make_pair(S, rng, clean_share=0.0, rare_share=1.0)
            for w in errors.RARE_WORDS:
                if w in ref and " " not in w:
                    self.assertIn(w, src)
