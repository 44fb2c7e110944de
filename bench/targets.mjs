// Every benchmark target, in one place. `figure` names a number in bench/results/<bench>.json
// (dotted for nested keys); the target is a fixed `value` or another figure (`ref`).
export const benches = ['transport', 'completions', 'edits', 'chat', 'e2e', 'soak', 'router'];

export const targets = {
  transport: [{ figure: 'ws_over_fresh_https', op: '<=', value: 0.4, note: 'first-token time, warm WebSocket / fresh HTTPS' }],
  completions: [
    { figure: 'overhead_ms_p50', op: '<=', value: 2 },
    { figure: 'abandoned_blocking_ms_max', op: '=', value: 0 },
  ],
  edits: [
    { figure: 'max_sustained_tokens_per_s', op: '>=', value: 5000 },
    { figure: 'last_token_to_final_ms', op: '<=', value: 16 },
  ],
  chat: [
    { figure: 'frame_ms_p95_at_5000', op: '<=', value: 16 },
    { figure: 'long_frames', op: '=', value: 0 },
  ],
  e2e: [
    { figure: 'flint_added_ms_p50', op: '<=', value: 10 },
    { figure: 'flint_added_ms_p50_typing', op: '<=', value: 10, note: 'typing at 80–120 ms per character' },
    { figure: 'flint_added_ms_p50_busy', op: '<=', value: 15, note: 'one core kept busy' },
    { figure: 'following_lines_shown_share', op: '>=', value: 0.9, note: 'of suggestions whose answer has more than one line' },
    { figure: 'enter_blank_frames', op: '=', value: 0, note: 'right after an Enter the suggestion agreed with' },
    { figure: 'shown_share_infill_gap', op: '<=', value: 0.05, note: 'WebSocket share minus /infill share, quiet and busy' },
  ],
  soak: [
    { figure: 'open_requests_after', op: '=', value: 0 },
    { figure: 'open_lanes_after', op: '=', value: 0, note: 'beyond the warm pool' },
    { figure: 'sockets_after', op: '=', value: 0, note: 'beyond the warm pool' },
    { figure: 'listeners_after', op: '=', value: 0, note: 'beyond idle' },
    { figure: 'timers_after', op: '=', value: 0, note: 'beyond idle' },
    { figure: 'heap_growth_mb', op: '<=', value: 20 },
    { figure: 'faults_recovered', op: '=', ref: 'faults_tried' },
    { figure: 'documents_half_edited', op: '=', value: 0 },
    { figure: 'messages_lost', op: '=', value: 0 },
  ],
  router: [
    { figure: 'decision_us_p99', op: '<=', value: 1000 },
    { figure: 'accuracy', op: '=', value: 1 },
  ],
};
