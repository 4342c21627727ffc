"""The coach's list of options reads as one comparison: each option's expected points are
measured against the best play on the worlds both met, so no option dropped early shows
a figure above "the best play found"."""

from __future__ import annotations

from paodekuai import Game
from paodekuai.review import review_decision


def test_no_option_is_listed_above_the_best_play_found() -> None:
    # Found in play: standard, Medium opponents, the person taking the first Hint each
    # turn; at step 15 the single 2 is best over 36 worlds, while the single 5, 8 and 6,
    # dropped after 12 worlds far behind it, showed their own means over those 12
    # (+14.2) above the best's +13.9.
    game = Game.from_code("A9491016", "medium")
    actions = [
        ["4H", "4C"], ["6S", "6D"], None, ["7S", "7H"], ["8H", "8D"], None,
        ["9S", "9H"], ["10D", "10C"], None, ["KS", "KH"], None, None, ["3S"], ["4S"],
        ["2S"],
    ]  # fmt: skip
    for cards in actions:
        if cards is None:
            game.pass_turn()
        else:
            game.play(cards)
    review = review_decision(dict(game.to_dict()), len(actions))
    options = review["options"]
    assert review["played"] == ["2S"] and options[0]["best"], options[0]
    dropped = [o for o in options if o["worlds"] < options[0]["worlds"]]
    assert dropped  # some options were dropped early: the case at hand
    assert all(o["expected"] <= options[0]["expected"] for o in options), [
        (o["cards"], o["expected"], o["worlds"]) for o in options
    ]
    # The list is in order of the comparison, best first.
    figures = [o["expected"] for o in options]
    assert figures == sorted(figures, reverse=True)
