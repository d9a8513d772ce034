"""The tablet's drawings tell each colour that means something by its shape too."""

from __future__ import annotations

from kivy.graphics import Ellipse, InstructionGroup, Mesh

from ui.faces.base import Token
from ui.tablet.art import TokenView, symbol
from ui.tones import SHAPES


def test_every_shape_a_colour_is_told_by_is_drawn() -> None:
    for shape in set(SHAPES.values()):
        group = InstructionGroup()
        symbol(group, shape, 50.0, 50.0, 10.0)
        assert group.children, f"{shape} draws nothing"


def test_a_chip_of_intelligence_is_its_colour_s_shape() -> None:
    """風聲 §8.1: three red, blue or black decide the game; a player who cannot tell red
    from black still reads a diamond from a square."""
    drawn = {}
    for colour in ("red", "blue", "black"):
        view = TokenView(size=(80, 100))
        view.show(Token("chip", colour, value=2, tone=colour))
        shape = next(i for i in view.art.children if isinstance(i, Mesh | Ellipse))
        drawn[colour] = ("disc",) if isinstance(shape, Ellipse) else tuple(shape.vertices)
    assert drawn["blue"] == ("disc",) and len(set(drawn.values())) == 3, drawn
