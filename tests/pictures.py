"""Each picture the README and the docs show, and the test that draws it: what
``scripts/pictures`` runs to draw them again from the code as it is."""

from __future__ import annotations

PICTURES: dict[str, str] = {
    "camera-view.jpg": "tests/ui/test_camera_commands.py::"
    "test_what_a_camera_sees_of_a_real_table_is_read_whole",
    "camera-from-above.jpg": "tests/ui/test_camera_commands.py::"
    "test_a_table_is_calibrated_from_a_recording_of_it_and_drawn_from_above",
    "camera-zones-zh-Hant.png": "tests/ui/tablet/test_zones.py::"
    "test_a_zone_is_redrawn_by_a_finger_and_kept_with_the_others",
    "phone-mid-game.png": "tests/ui/phone/test_browser.py::"
    "test_four_phones_play_a_whole_game_each_seeing_only_its_own",
    "story-microfilms-zh-Hant.png": "tests/ui/test_cli.py::"
    "test_story_draws_a_finished_game_as_typed_and_refuses_one_still_played",
    "tablet-season-en.png": "tests/ui/tablet/test_season.py::"
    "test_the_season_is_shown_and_two_spellings_are_merged_by_touch",
    "tablet-start-en.png": "tests/ui/tablet/test_screens.py::"
    "test_every_screen_has_a_screenshot[en]",
    "tablet-table-zh-Hant.png": "tests/ui/tablet/test_screens.py::"
    "test_every_screen_has_a_screenshot[zh-Hant]",
    "tablet-table-themessage-zh-Hant.png": "tests/ui/tablet/test_screens.py::"
    "test_the_message_table_has_a_screenshot[zh-Hant]",
}
"""Each picture the docs show, and the test that draws it."""
