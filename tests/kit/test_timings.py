"""`dojo build --timings`' table (kit/timings.py): each worker's CPU and the part of it outside its components."""

import os
import re

from generator.kit.timings import Timings


def test_each_worker_is_told_its_cpu_and_what_it_spent_outside_its_components():
    spent = Timings(start=0.0)
    worker, other = os.getpid() + 1, os.getpid() + 2  # not this process: workers
    spent.components += [("a-deck", worker, 1.0, 0.5, 0.30, 0.20, 0.60),  # its process had used 0.60 s by then
                         ("b-deck", other, 1.0, 0.4, 0.25, 0.10, 0.40),
                         ("c-deck", worker, 2.0, 0.6, 0.40, 0.10, 1.25)]
    lines = spent.table().splitlines()
    rows = [re.fullmatch(r"(process \d), CPU s +([\d.]+) +\(([\d.]+) outside its components\)", line)
            for line in lines if line.startswith("process ")]
    assert [m.groups() for m in rows] == [("process 1", "1.25", "0.25"),  # 1.25 - (0.30 + 0.20 + 0.40 + 0.10)
                                          ("process 2", "0.40", "0.05")]
    assert any(line.startswith("the building process, CPU s") for line in lines)
    assert lines[-1].startswith("build, wall")
