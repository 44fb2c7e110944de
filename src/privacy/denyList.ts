import { compileGlob, type CompiledGlob } from './globPattern';

/**
 * Files never sent to a model whatever the settings say: private keys and key stores, credential
 * and token files of common tools, environment files, cloud and cluster configuration, and
 * everything in the folders those tools keep secrets in. A pattern without `/` matches that name
 * in any folder.
 */
export const builtInDenyGlobs: readonly string[] = [
  // Private keys, certificates with keys, key stores
  'id_rsa*', 'id_dsa*', 'id_ecdsa*', 'id_ed25519*', 'id_xmss*', 'identity', '*.pem', '*.key', '*.p12', '*.pfx', '*.p8',
  '*.jks', '*.keystore', '*.truststore', '*.bks', '*.ppk', '*.kdbx', '*.gpg', '*.pgp', '*.asc', '*.ovpn',
  // Environment files
  '.env', '.env*', '*.env', '.envrc', '.flaskenv',
  // Credentials of package managers, version control and databases
  '.npmrc', '.yarnrc', '.yarnrc.yml', '.pypirc', '.netrc', '_netrc', '.git-credentials', '.gitcookies', '.gem/credentials',
  '.pgpass', '.my.cnf', '.htpasswd', '.vault-token', '.boto', '.s3cfg', '.dockercfg', '.terraformrc', 'terraform.rc',
  'auth.json', '.composer/auth.json', 'pip.conf', 'settings-security.xml', '.m2/settings.xml', 'wp-config.php',
  // Credential and secret files by name
  'credentials', 'credentials*.json', 'credentials.{yaml,yml,xml,ini,toml,csv,txt}', 'credentials.yml.enc', 'master.key',
  'secrets.*', 'secret.{json,yaml,yml,toml,ini,txt}', '*.secret', '*.secrets', 'client_secret*.json', 'service-account*.json',
  'service_account*.json', '*-service-account.json', 'serviceAccountKey*.json', 'firebase-adminsdk*.json',
  'keystore', 'keystore.properties', 'local.properties', 'google-services.json', 'GoogleService-Info.plist',
  // Infrastructure state and cluster access
  'terraform.tfvars', '*.tfvars', '*.tfvars.json', '*.tfstate', '*.tfstate.*', 'kubeconfig', '*.kubeconfig', 'kube.config',
  // Folders tools keep keys and tokens in
  '**/.ssh/**', '**/.aws/**', '**/.gnupg/**', '**/.docker/**', '**/.kube/**', '**/.azure/**', '**/.config/gcloud/**',
  '**/.password-store/**', '**/.terraform.d/**', '**/.vault/**', '**/.secrets/**',
];

export interface DenyListOptions {
  /** Told once per pattern that cannot be used (empty, overlong); that pattern is skipped. */
  onBadPattern?: (message: string) => void;
}

/**
 * Returns a predicate that is true when a file must never be sent to a model (as context or as
 * the document being worked on). `extraGlobs` is `flint.context.denyList` (a pattern without `/`
 * matches that name in any folder); `excludeGlobs` are the editor's `files.exclude` patterns,
 * matched as VS Code matches them (relative to the workspace folder). Paths are
 * workspace-relative; a match on a folder covers everything beneath it. No setting value can
 * disable the built-in list, and no pattern can throw or freeze the check.
 */
export function createDenyList(extraGlobs: readonly string[], excludeGlobs: readonly string[] = [], options: DenyListOptions = {}): (path: string) => boolean {
  const compiled: CompiledGlob[] = [];
  const add = (pattern: string, anyDepth: boolean) => {
    try {
      compiled.push(compileGlob(pattern, { anyDepth }));
    } catch (err) {
      options.onBadPattern?.(err instanceof Error ? err.message : String(err));
    }
  };
  for (const g of builtInDenyGlobs) add(g, true);
  for (const g of extraGlobs) add(String(g), true);
  for (const g of excludeGlobs) add(String(g), false);
  // Most patterns are "this name in any folder": one joined expression tests each folder name
  // once for all of them (expressions holding back-references keep their own test).
  const joinable = (re: RegExp) => !/\\\d/.test(re.source);
  const byName = compiled.filter((g) => g.anyFolderNames?.every(joinable));
  const rest = compiled.filter((g) => !byName.includes(g));
  const names = byName.flatMap((g) => g.anyFolderNames!.map((re) => `(?:${re.source})`));
  // Anchored once outside too, so a failing name is not retried from every position.
  const anyName = names.length ? new RegExp(`^(?:${names.join('|')})`, 'i') : undefined;
  return (path: string) => {
    if (anyName && path.replace(/\\/g, '/').split('/').some((n) => n !== '' && n !== '.' && anyName.test(n))) return true;
    return rest.some((glob) => glob.test(path));
  };
}
