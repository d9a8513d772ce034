"""A finished game's story as a picture: the scene (:mod:`ui.story.scene`), drawn by
matplotlib for ``companion story`` (:mod:`ui.story.picture`) and by Kivy's canvas on the
tablet's game-over screen (:mod:`ui.tablet.story`)."""
