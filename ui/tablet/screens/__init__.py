"""The tablet's screens: start (new game or resume), join (QR codes), the table, game over."""
