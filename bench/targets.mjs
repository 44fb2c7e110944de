// Every benchmark target, in one place. `figure` names a number in bench/results/<bench>.json
// (dotted for nested keys); the target is a fixed `value` or another figure (`ref`).
export const benches = ['transport', 'completions', 'edits', 'edits-editor', 'chat', 'e2e', 'soak', 'router', 'denyList', 'variants', 'next-edit', 'tests', 'review'];

export const targets = {
  transport: [
    { figure: 'ws_over_fresh_https', op: '<=', value: 0.4, note: 'first-token time, warm WebSocket / fresh HTTPS' },
    { figure: 'ws_overhead_over_keepalive', op: '<=', value: 0.2, note: 'per-request overhead beyond round trip and server time, WebSocket / keep-alive HTTPS' },
  ],
  completions: [
    { figure: 'overhead_ms_p50', op: '<=', value: 2 },
    {
      figure: 'first_token_beside_abandoned_over_alone',
      op: '<=',
      value: 1.5,
      note: 'first-token time of a request sent while earlier ones are abandoned / sent alone',
    },
  ],
  edits: [
    { figure: 'max_sustained_tokens_per_s', op: '>=', value: 5000 },
    { figure: 'last_token_to_final_ms', op: '<=', value: 16 },
  ],
  'edits-editor': [
    { figure: 'frame_ms_p95_1000', op: '<=', value: 16, note: 'renderer frame while a 300-line rewrite streams, 1,000 tokens/s' },
    { figure: 'frame_ms_p95_5000', op: '<=', value: 16, note: '5,000 tokens/s' },
    { figure: 'frame_ms_p95_1000_busy', op: '<=', value: 16, note: 'one core kept busy' },
    { figure: 'frame_ms_p95_5000_busy', op: '<=', value: 16, note: 'one core kept busy' },
    { figure: 'long_frames_5000_busy', op: '=', value: 0, note: 'frames over 50 ms' },
    { figure: 'documents_not_exact', op: '=', value: 0, note: 'document is the rewrite after Accept' },
    { figure: 'frame_p95_1000_over_baseline', op: '<=', value: 1, note: 'frame p95 streaming at 1,000 tokens/s over pasting the same rewrite without Flint, same run' },
    { figure: 'frame_p95_1000_busy_over_baseline_busy', op: '<=', value: 1, note: 'the same, one core kept busy' },
  ],
  chat: [
    { figure: 'frame_ms_p95_at_5000', op: '<=', value: 16 },
    { figure: 'long_frames', op: '=', value: 0 },
    { figure: 'frame_ms_p95_per_token', op: '<=', value: 16, note: 'one message per token' },
    { figure: 'frame_ms_p95_at_5000_busy', op: '<=', value: 16, note: 'one core kept busy by a competing process' },
    { figure: 'long_frames_busy', op: '=', value: 0 },
    { figure: 'frame_ms_p95_per_token_busy', op: '<=', value: 16 },
    { figure: 'long_frames_per_token_busy', op: '=', value: 0 },
    { figure: 'hostile_frame_cpu_ms_max', op: '<=', value: 50, note: 'main-thread CPU of the costliest frame rendering an answer built to freeze it' },
    { figure: 'chat_bundle_kb', op: '<=', value: 160, note: 'minified chat script, highlight.js languages included' },
  ],
  e2e: [
    { figure: 'flint_added_ms_p50', op: '<=', value: 10 },
    { figure: 'flint_added_ms_p50_typing', op: '<=', value: 10, note: 'typing at 80–120 ms per character' },
    { figure: 'flint_added_ms_p50_busy', op: '<=', value: 15, note: 'one core kept busy' },
    { figure: 'following_lines_shown_share', op: '>=', value: 0.9, note: 'of suggestions whose answer has more than one line' },
    { figure: 'enter_blank_frames', op: '=', value: 0, note: 'painted frames right after an Enter the suggestion agreed with' },
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
  router: [{ figure: 'decision_us_p99', op: '<=', value: 1000 }],
  variants: [
    { figure: 'n_over_one', op: '<=', value: 1.3, note: '5 variants at once ÷ 1, all complete' },
    { figure: 'first_token_ratio', op: '<=', value: 1.1 },
    { figure: 'view_frame_ms_p95', op: '<=', value: 16, note: '5 cards at 1,000 tokens/s each' },
    { figure: 'long_frames', op: '=', value: 0 },
    { figure: 'view_frame_ms_p95_busy', op: '<=', value: 16, note: 'the same, one core kept busy by a competing process' },
    { figure: 'long_frames_busy', op: '=', value: 0 },
    { figure: 'pick_to_pending_ms_p50', op: '<=', value: 50 },
  ],
  'next-edit': [
    { figure: 'last_token_to_drawn_ms_p50', op: '<=', value: 16, note: 'reply checked, diffed and its decoration plan built within a frame' },
    { figure: 'requests_per_100_keystrokes', op: '<=', value: 50, note: 'typing through recorded edit sequences at 1,000 tokens/s' },
    { figure: 'typed_through_share', op: '>=', value: 0.5, note: 'shown predictions the typist typed into, served without a new request' },
  ],
  tests: [
    { figure: 'flint_added_ms_p50', op: '<=', value: 50, note: 'save to tests written, less the model\'s own time' },
    { figure: 'runs_passed', op: '=', ref: 'runs', note: 'every run wrote tests that the runner passed' },
  ],
  review: [
    { figure: 'last_token_to_diagnostics_ms_p50', op: '<=', value: 5 },
    { figure: 'requests_per_100_keystrokes', op: '<=', value: 5, note: 'onPause, typing run' },
  ],
  denyList: [
    { figure: 'check_ms_p50_worst_input', op: '<=', value: 1, note: 'one check of the whole deny list, pathological patterns and paths included' },
    { figure: 'secret_scan_200kb_ms_p50', op: '<=', value: 5 },
  ],
};
