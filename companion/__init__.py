"""The pure core of the table companion: game rules, session logs, race arbitration, persistence.

Nothing in this package may import kivy or gpiozero, nor name the layers built on it (hardware/,
ui/); table_companion.py wires those together. A test enforces both, so every rule can be tested and
replayed on any machine.
"""

__version__ = "0.1.0"
