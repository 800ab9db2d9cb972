import os
import tempfile

# Kivy reads these at import time: no command-line parsing, a private home so tests never touch the
# user's Kivy config, and quiet logs.
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kivy-home-"))
os.environ.setdefault("KIVY_LOG_LEVEL", "warning")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
