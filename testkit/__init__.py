"""What tests and benches drive the app with: a phone over a real WebSocket, the tablet's
pilot on an offscreen window, and the leak oracle at the bytes.

Fakes and test tools ship with the code they stand in for, not in the tests (as nfcpy ships
its UDP driver): one phone client that speaks exactly what the phone page speaks, one pilot
that touches the tablet as a finger does, one oracle — so every test and every bench drives
the app the same way, and a change to how the app is driven is made once. Nothing the app
runs imports them (import-linter puts this package above every other).
"""
