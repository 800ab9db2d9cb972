"""The players' big buttons and their LEDs on the Raspberry Pi's GPIO (gpiozero), and the race
controller that ties them to the arbiter in companion.races. Nothing here imports kivy."""
