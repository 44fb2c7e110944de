export function balancedOrders(n: number): number[][];
