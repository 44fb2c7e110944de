from dataclasses import dataclass


@dataclass
class Item:
    name: str
    price: float
    quantity: int


def total_value(items: list[Item]) -> float:
    return sum(item.price * item.quantity for item in items)
