"""A reshape whose flat position the constant elements fold away (np.ones(...).reshape):
the generated C++ must build with -Wall -Werror (its lane array of positions is unread)."""
import numpy as np


# npc export reshape_folded(float64[:,:])
def reshape_folded(x):
    return np.ones((x.shape[0], x.shape[1])).reshape((x.shape[1], x.shape[0])).T * x
