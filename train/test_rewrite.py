"""Tests of the rewrite presets: each makes exactly the change it names, and leaves text
it has no rule for untouched."""
import random
import unittest

import rewrite


class PresetTests(unittest.TestCase):
    def test_formal_expands_contractions_and_colloquialisms(self):
        self.assertEqual(rewrite.formal("I don't think the kids can buy lots of toys."),
                         "I do not think the children can purchase many toys.")

    def test_formal_keeps_a_leading_capital(self):
        self.assertEqual(rewrite.formal("Maybe it's late."), "Perhaps it is late.")

    def test_concise_drops_fillers_and_wordy_phrases(self):
        self.assertEqual(rewrite.concise("In order to win, you really need to train very hard."),
                         "To win, you need to train hard.")

    def test_concise_recapitalises_after_a_leading_filler(self):
        self.assertEqual(rewrite.concise("Actually the door was open."), "The door was open.")

    def test_simple_swaps_long_words(self):
        self.assertEqual(rewrite.simple("Utilize the tool to obtain approximately ten samples."),
                         "Use the tool to get about ten samples.")

    def test_friendly_contracts(self):
        self.assertEqual(rewrite.friendly("I am sure it is fine and we do not mind."),
                         "I'm sure it's fine and we don't mind.")

    def test_whole_words_only(self):
        # "big" inside "bigger", "kid" inside "kidney": no rule fires.
        self.assertEqual(rewrite.formal("The bigger kidney."), "The bigger kidney.")
        self.assertEqual(rewrite.formal("The kid-glove treatment."), "The kid-glove treatment.")

    def test_unchanged_without_a_rule(self):
        for preset in rewrite.PRESETS:
            self.assertEqual(rewrite.RULES[preset]("Birds sing."), "Birds sing.")

    def test_make_pair_prefers_a_preset_that_changes_the_text(self):
        rng = random.Random(3)
        preset, src, out = rewrite.make_pair("I do not like it.", rng)
        self.assertIn(preset, rewrite.PRESETS)
        self.assertEqual(src, "I do not like it.")
        self.assertNotEqual(out, src)


if __name__ == "__main__":
    unittest.main()
