"""Swin-T's shifted-window attention block, torchvision's own code."""
import torchvision.models.swin_transformer as swin


def attention():
    # One window of 4x4 shifted by 2: the attention mask is built and applied
    # with `attn_mask != 0` and `attn_mask == 0` (swin_transformer.py).
    return swin.ShiftedWindowAttention(dim=16, window_size=[4, 4], shift_size=[2, 2],
                                       num_heads=2).eval()
