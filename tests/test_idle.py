"""When the screen sleeps and what wakes it (ui/idle.py), on a clock the test moves by hand."""

from ui.idle import IdleTimer


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def asleep_after(seconds=60):
    clock = Clock()
    timer = IdleTimer(seconds, now=clock)
    clock.now += seconds
    assert timer.check()
    return timer, clock


def test_sleeps_once_the_idle_time_has_passed_and_not_before():
    clock = Clock()
    timer = IdleTimer(60, now=clock)
    clock.now += 59.9
    assert not timer.check() and not timer.asleep
    clock.now += 0.1
    assert timer.check() and timer.asleep
    assert not timer.check()  # asleep already: nothing new to do


def test_never_means_never():
    clock = Clock()
    timer = IdleTimer(None, now=clock)
    clock.now += 10 ** 7
    assert not timer.check()


def test_every_touch_and_press_starts_the_idle_time_again():
    clock = Clock()
    timer = IdleTimer(60, now=clock)
    clock.now += 50
    assert not timer.touch_down("a")
    assert not timer.touch_up("a")
    clock.now += 50
    assert not timer.check()
    assert not timer.button(3, True)
    assert not timer.button(3, False)
    clock.now += 59
    assert not timer.check()
    clock.now += 1
    assert timer.check()


def test_the_waking_touch_only_wakes():
    timer, _ = asleep_after()
    assert timer.touch_down("finger")        # swallowed: nothing under it is touched
    assert not timer.asleep
    assert timer.touch_move("finger")
    assert timer.touch_up("finger")
    assert not timer.touch_down("next")      # the next touch acts as usual
    assert not timer.touch_up("next")


def test_a_second_finger_while_waking_is_an_ordinary_touch():
    timer, _ = asleep_after()
    assert timer.touch_down("first")
    assert not timer.touch_down("second")
    assert not timer.touch_up("second")
    assert timer.touch_up("first")


def test_the_waking_press_and_its_release_are_swallowed():
    timer, _ = asleep_after()
    assert timer.button(2, True)
    assert not timer.asleep
    assert timer.button(2, False)
    assert not timer.button(2, True)         # the next press records a move or races
    assert not timer.button(2, False)


def test_a_release_held_from_before_sleep_is_not_swallowed():
    timer, _ = asleep_after()
    assert not timer.button(4, False)
    assert timer.asleep


def test_a_race_in_progress_never_sleeps_and_the_idle_time_restarts_after_it():
    clock = Clock()
    timer = IdleTimer(60, now=clock)
    for _ in range(10):
        clock.now += 30
        assert not timer.check(busy=True)
    clock.now += 59
    assert not timer.check(busy=False)
    clock.now += 1
    assert timer.check(busy=False)


def test_changing_the_idle_time_counts_from_the_change():
    clock = Clock()
    timer = IdleTimer(None, now=clock)
    clock.now += 500
    timer.set_sleep_after(120)
    clock.now += 119
    assert not timer.check()
    clock.now += 1
    assert timer.check()
    assert timer.wake() and not timer.asleep
