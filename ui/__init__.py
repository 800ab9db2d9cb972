"""The Kivy touchscreen app: screens and widgets. It wires the pure core and the hardware together;
hardware callbacks reach widgets only through Clock.schedule_once."""
