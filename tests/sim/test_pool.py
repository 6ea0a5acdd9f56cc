"""Simulation slices over a process pool: its workers take SIGTERM as every pool worker of the project does."""

import signal

from generator import interrupts
from generator.sim.pool import run_slices

_SEEN: list = []


def _init(arg):
    _SEEN.append(arg)


def _dispositions(_slice):
    return [(signal.getsignal(signal.SIGTERM) == signal.SIG_DFL, signal.getsignal(signal.SIGINT) == signal.SIG_IGN,
             _SEEN == ["set up"])]


def test_pool_workers_end_at_sigterm_even_under_the_commands_interrupt_handler():
    """Inside a command (interrupts.watch) the pool's terminate sends SIGTERM to idle workers: a worker that kept
    the command's handler could be left waiting on the pool's queue, and the command would hang for ever."""
    with interrupts.watch():
        assert signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL  # the command's own handler
        found = run_slices([0, 1, 2, 3], _dispositions, _dispositions, _init, "set up", jobs=2)
    assert found == [(True, True, True)] * 4  # each worker: SIGTERM default, Ctrl-C to the parent, set up as asked
