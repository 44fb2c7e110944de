export interface ServedModels {
  data?: { id: string; meta?: { n_ctx: number; fill_in_the_middle: boolean; chat_template: boolean; tools?: boolean; chars_per_token: number } }[];
}

export function localModelSettings(endpoint: { wsUrl: string; httpUrl: string }, models: ServedModels): Record<string, unknown>;
