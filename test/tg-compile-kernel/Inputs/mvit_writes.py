"""torchvision MViT's two in-place writes into other tensors' storage, with
its own functions: `_add_rel_pos` (`attn[:, :, 1:, 1:] += rel_pos`) and
`_add_shortcut` (`x[:, :, 1:, :] += shortcut[:, :, 1:, :]`, or
`x.add_(shortcut)`), between the ops MViT puts around them."""
import torch
from torchvision.models.video import mvit


class Attention(torch.nn.Module):
    def __init__(self, residual_with_cls_embed):
        super().__init__()
        self.residual_with_cls_embed = residual_with_cls_embed
        self.rel_pos_h = torch.nn.Parameter(torch.randn(3, 4))
        self.rel_pos_w = torch.nn.Parameter(torch.randn(3, 4))
        self.rel_pos_t = torch.nn.Parameter(torch.randn(3, 4))

    def forward(self, q, k, v):
        attn = torch.matmul(0.5 * q, k.transpose(2, 3))
        attn = mvit._add_rel_pos(attn, q, (2, 2, 2), (2, 2, 2), self.rel_pos_h,
                                 self.rel_pos_w, self.rel_pos_t)
        attn = attn.softmax(dim=-1)
        x = torch.matmul(attn, v)
        mvit._add_shortcut(x, q, self.residual_with_cls_embed)
        return x.transpose(1, 2).reshape(1, 9, 8)


def v2():
    return Attention(False).eval()


def v1():
    return Attention(True).eval()
