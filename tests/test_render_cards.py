from bot.render.cards import card_label, cards_label


def test_hurricane_and_haggis_cards_get_suit_symbols():
    assert card_label("7H") == "7♥"
    assert card_label("QS") == "Q♠"
    assert card_label("10G") == "10🟩"
    assert card_label("J") == "J"
    assert cards_label(["AD", "KC"], " + ") == "A♦ + K♣"
