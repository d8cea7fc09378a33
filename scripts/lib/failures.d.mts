export function failedVitestTests(report: unknown, root: string): string[];
export function failedJourneys(suites: unknown[], titles?: string[] | null): string[];
