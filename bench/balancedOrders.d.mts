export function balancedOrders(n: number): number[][];
export function balancedTurns(n: number, turns: number): number[][];
