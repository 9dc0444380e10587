"""Linear regression by gradient descent: `w = w - lr * g` rebinds the argument's name
in the loop to a broadcast of `w` with the gradient, whose extent only the run time
knows equals w's (npc keeps the variable's shape and checks it)."""
import numpy as np


# npc export gradient_descent(float64[:,:], float64[:], float64[:], int64, float)
# npc export gradient_descent(float32[:,:], float32[:], float32[:], int64, float)
def gradient_descent(X, y, w, steps, lr):
    n = X.shape[0]
    for _ in range(steps):
        g = X.T @ (X @ w - y) / n
        w = w - lr * g
        if np.linalg.norm(g) < 1e-9:
            break
    loss = ((X @ w - y) ** 2).mean()
    return w, loss
