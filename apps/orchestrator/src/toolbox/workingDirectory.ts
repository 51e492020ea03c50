/**
 * The request's default working directory, relative to the home: "repos/<name>" when the guild has
 * exactly one repository, otherwise "" (the home itself).
 */
export function defaultWorkingDirectory(repositoryNames: readonly string[]): string {
  const [only] = repositoryNames;
  return repositoryNames.length === 1 && only !== undefined ? `repos/${only}` : "";
}
