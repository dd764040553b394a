# A model file named after a module of Python's standard library that torch
# imports: --module loads this file, or says why it cannot.
import torch


class Net(torch.nn.Module):
    def forward(self, x):
        return torch.relu(x) + 1


def net():
    return Net()
