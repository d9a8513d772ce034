"""The overhead camera: ArUco markers on card faces, the table from four corner markers,
marker hits fused over frames into cards seen and gone (``hardware/camera/fusion.py``)."""
