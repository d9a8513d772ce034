"""The tablet app on Android: python-for-android starts this file (``buildozer.spec``).

On a desktop, ``companion play`` opens the same app.
"""

from ui.tablet import android

android.main()
