/** What the router sees of a request: plain data gathered by the surface. */
export interface RouteRequest {
  surface: 'completion' | 'edit' | 'chat';
  /** The user's instruction or message (may start with /fast or /deep). */
  text: string;
  /** Workspace-relative paths of files attached (active file, selections, @mentions). */
  files: string[];
  /** Estimated tokens of everything that would be sent. */
  tokenEstimate: number;
}

export interface RouteDecision {
  target: 'fast' | 'full';
  /** Short human reasons, e.g. "3 files referenced". */
  reasons: string[];
  /** The instruction with any /fast or /deep override prefix removed. */
  text: string;
}

/** The `flint.router.*` settings the decision depends on. */
export interface RouterSettings {
  mode: 'auto' | 'fast' | 'full';
  /** Requests spanning at least this many files go to the full model. */
  fileThreshold: number;
  /** Requests needing more context than this go to the full model. */
  fastContextTokens: number;
}
