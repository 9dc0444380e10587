"""Python lines ending in a backslash (a comment's last character, or a line
continuation): npc copies source lines into C++ comments, where a final backslash would
splice the next line of code into the comment."""
import numpy as np


# npc export continued(float64[:], float)
def continued(x, a):
    s = 0.0
    for i in range(x.shape[0]):
        s += a  # add a \
    t = s * \
        2.0
    y = x + \
        1
    y[0] = 5.0  # first \
    return t, y
