"""The camera at the command line: ``companion calibrate`` on a recorded video of a table,
``companion markers --deck`` keeping the printed stickers as the deck's markers, and a
table asked to play with a camera that was never calibrated told so before it starts."""

from __future__ import annotations

import random
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.games import GAMES
from companion.tagmap import TagMap
from hardware.camera import art, layout
from hardware.camera.detect import Detector
from hardware.camera.markers import FIRST_CARD, assigned
from hardware.camera.synthetic import Laid, Scene, spread, write_video
from hardware.camera.watching import watching
from hardware.register import faces_of
from hardware.sources import Watch
from ui.cli import main


@pytest.fixture
def video(tmp_path: Path) -> Path:
    rng = random.Random(4)
    scene = Scene([Laid(FIRST_CARD, (300.0, 500.0), 15.0)], table_mm=(1100.0, 750.0), jitter=1.0)
    path = tmp_path / "table.avi"
    write_video(path, [(scene.render(rng), 1) for _ in range(12)])
    return path


def test_a_table_is_calibrated_from_a_recording_of_it_and_drawn_from_above(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, video: Path, shots: Path
) -> None:
    kept, picture = tmp_path / "camera.json", shots / "camera-from-above.jpg"
    code = main(["calibrate", "--camera", f"camera:{video}", "--players", "6", "--lang", "en",
                 "--no-edit", "--calibration", str(kept), "--picture", str(picture)])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0, out
    calibration = layout.load(kept)
    w, d = calibration.table.size_mm
    assert abs(w - 1100) < 30 and abs(d - 750) < 25, (w, d)
    assert f"{round(w)} × {round(d)} mm" in out and "8 zones" in out
    drawn = cv2.imread(str(picture))
    assert drawn is not None and drawn.shape[1] > drawn.shape[0], "the table, wider than deep"


def test_what_a_camera_sees_of_a_real_table_is_read_whole(shots: Path) -> None:
    """docs/camera.md's first picture: a table from above at an angle, cards before the
    seats, in the centre and on the discard pile, blurred, noisy and lit by a lamp — and
    still, every corner and every card's sticker is read."""
    rng = random.Random(9)
    cards = [Laid(FIRST_CARD + i, at, turn) for i, (at, turn) in enumerate([
        ((200.0, 120.0), 10.0), ((600.0, 110.0), -8.0), ((1000.0, 130.0), 4.0),
        ((250.0, 690.0), -12.0), ((950.0, 680.0), 7.0), ((600.0, 400.0), 0.0),
        ((760.0, 420.0), 25.0),
    ])]  # fmt: skip
    frame = Scene(cards).render(rng, hard=True)
    cv2.imwrite(str(shots / "camera-view.jpg"), frame, [cv2.IMWRITE_JPEG_QUALITY, 85])
    seen = {found.marker for found in Detector().find(frame)}
    assert {card.marker for card in cards} <= seen
    assert len(seen - {card.marker for card in cards}) == 4, "the table's four corners"


def test_a_camera_that_sees_no_corners_or_is_not_there_calibrates_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blank = tmp_path / "blank.avi"
    write_video(blank, [(Scene([]).render(random.Random(1))[:, :700].copy(), 5)])
    kept = tmp_path / "camera.json"
    for url, said in [(f"camera:{blank}", "four corner markers"),
                      (f"camera:{tmp_path / 'none.avi'}", "no camera answers"),
                      ("nfc:usb", "Only a camera")]:  # fmt: skip
        code = main(["calibrate", "--camera", url, "--players", "4", "--lang", "en",
                     "--no-edit", "--calibration", str(kept)])  # fmt: skip
        assert code == 1 and said in capsys.readouterr().out
    assert not kept.exists()


def test_printing_a_deck_s_stickers_makes_them_its_markers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    tags_file = tmp_path / "tags.sqlite3"
    code = main(["markers", "--game", "themessage", "--deck", "home", "-o",
                 str(tmp_path / "s.pdf"), "--tags", str(tags_file), "--lang", "en"])  # fmt: skip
    assert code == 0, capsys.readouterr().out
    tags = TagMap(tags_file)
    deck = tags.deck("home")
    assert deck is not None and deck.game == "themessage"
    cards = next(iter(GAMES["themessage"].sensing.boxes.values()))
    assert tags.markers(deck) == assigned(cards)
    code = main(["markers", "--game", "microfilms", "--deck", "home", "-o",
                 str(tmp_path / "t.pdf"), "--tags", str(tags_file), "--lang", "en"])  # fmt: skip
    assert code == 1 and "is a deck of themessage" in capsys.readouterr().out
    assert tags.markers(deck) == assigned(cards), "a deck of another game keeps its markers"


def test_a_table_asked_to_play_with_an_uncalibrated_camera_is_told_before_it_starts(
    tmp_path: Path,
) -> None:
    tags = TagMap(tmp_path / "tags.sqlite3")
    deck = tags.new_deck("home", "themessage")
    with pytest.raises(layout.LayoutError) as err:
        watching([], "camera:0", tmp_path / "camera.json", tags, [deck])
    assert err.value.key == "calibrate.none"
    kept = tmp_path / "camera.json"
    size = (1200.0, 800.0)
    layout.save(kept, layout.Calibration(layout.Table(size, layout.proposed(size, 4)),
                                         np.eye(3)))  # fmt: skip
    first = next(iter(GAMES["themessage"].sensing.boxes.values()))[0]
    tags.store_markers(deck, {FIRST_CARD: first})
    watches, context = watching([], "camera:0", kept, tags, [deck])
    assert sorted(w.written for w in watches) == sorted(
        ["seat:1", "seat:2", "seat:3", "seat:4", "centre", "discard"]
    )
    assert all(w.station.seen and w.url == "camera:0" for w in watches)
    assert context.camera is not None and context.markers(FIRST_CARD) == first
    reader = Watch.parse("seat:1=nfc:usb")
    mixed, _ = watching([reader], "camera:0", kept, tags, [deck])
    assert mixed[0] == reader and not reader.station.seen and len(mixed) == 7, "a reader beside"


def test_a_deck_learns_its_markers_under_the_camera_whatever_sticker_each_card_got(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``companion register --camera``: each card laid face up in the order asked; the
    stickers went on in any order (not the sheet's), and a card laid twice is said so."""
    (cards,) = GAMES["microfilms"].sensing.boxes.values()
    rng = random.Random(8)
    stuck = dict(zip(cards, rng.sample(range(FIRST_CARD, FIRST_CARD + 60), len(cards)),
                     strict=True))  # fmt: skip
    blank = Scene([])
    kept = tmp_path / "camera.json"
    layout.save(kept, layout.calibrate([Detector().find(blank.render(rng))], 4, (1200.0, 800.0)))
    laid: list[Laid] = []
    shots = [(blank.render(rng), 10)]
    for i, card in enumerate(cards):
        laid.append(Laid(stuck[card], (80.0 + 130 * (i % 9), 120.0 + 250 * (i // 9)), 10.0 * i))
        shots.append((Scene(laid).render(rng), 10))
        if i == 2:  # the first card lifted and laid again: it was learnt already
            shots += [(Scene(laid[1:]).render(rng), 40), (Scene(laid).render(rng), 10)]
    video = tmp_path / "learning.avi"
    write_video(video, shots)
    tags_file = tmp_path / "tags.sqlite3"
    code = main(["register", "--game", "microfilms", "--camera", f"camera:{video}",
                 "--calibration", str(kept), "--tags", str(tags_file), "--lang", "en"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0, out
    deck = TagMap(tags_file).deck("microfilms")
    assert deck is not None
    assert TagMap(tags_file).markers(deck) == {marker: card for card, marker in stuck.items()}
    assert "That marker was learnt already" in out and "Lay " in out


def test_a_deck_without_stickers_has_each_face_photographed_and_is_known_by_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``companion register --camera --markerless``: one card of each face laid face up in
    turn (copies need no photo); the photos then name the cards on a table, and ``play
    --markerless`` gives them to the camera."""
    (cards,) = GAMES["microfilms"].sensing.boxes.values()
    faces = faces_of("microfilms", cards)
    assert len(faces) == 23, "the two blood Interrogate/Blackmail copies are one face each"
    printed = {card: FIRST_CARD + i for i, card in enumerate(faces)}  # each face's own art
    rng = random.Random(3)
    laid: list[Laid] = []
    shots = [(Scene([], stickers=False).render(rng), 6)]
    for i, card in enumerate(faces):
        laid.append(Laid(printed[card], (100.0 + 200 * (i % 6), 100.0 + 200 * (i // 6)), 5.0 * i))
        shots.append((Scene(laid, stickers=False).render(rng), 6))
        if i == 1:  # the first card taken up and laid elsewhere: known already
            laid[0] = Laid(printed[faces[0]], (1100.0, 700.0))
            shots.append((Scene(laid, stickers=False).render(rng), 6))
    video = tmp_path / "faces.avi"
    write_video(video, shots)
    tags_file = tmp_path / "tags.sqlite3"
    code = main(["register", "--game", "microfilms", "--camera", f"camera:{video}",
                 "--markerless", "--tags", str(tags_file), "--lang", "en"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0, out
    assert "That face was photographed already: it is Agent (China)" in out
    tags = TagMap(tags_file)
    deck = tags.deck("microfilms")
    assert deck is not None and list(tags.photos(deck)) == list(faces)

    kept = tmp_path / "camera.json"
    layout.save(kept, layout.calibrate([Detector().find(shots[0][0])], 4, (1200.0, 800.0)))
    _, context = watching([], "camera:0", kept, tags, [deck], markerless=True)
    assert context.gallery is not None
    finder = art.ArtDetector(context.gallery)
    some = rng.sample(faces, 8)
    table = Scene(spread([printed[c] for c in some], (1200.0, 800.0), rng), stickers=False)
    named = {finder.known(f.marker) for f in finder.find(table.render(rng)) if f.marker > 3}
    assert named == set(some)


def test_playing_markerless_before_any_face_was_photographed_is_told_so(tmp_path: Path) -> None:
    tags = TagMap(tmp_path / "tags.sqlite3")
    deck = tags.new_deck("home", "microfilms")
    kept = tmp_path / "camera.json"
    layout.save(kept, layout.Calibration(layout.Table((1.0, 1.0), {}), np.eye(3)))
    with pytest.raises(layout.LayoutError) as err:
        watching([], "camera:0", kept, tags, [deck], markerless=True)
    assert err.value.key == "register.camera.no_photos"
