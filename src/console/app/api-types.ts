/** Shapes of the routes the console reads that the client library has no method for (the OpenAPI document names them too). */

export interface JobSummary {
  job_id: string;
  kind: 'bulk' | 'crawl';
  status: string;
  total: number;
  completed: number;
  failed: number;
  created_at: string;
  finished_at: string | null;
  expires_at: string;
  webhook_url: string | null;
  truncated?: boolean;
}

export interface JobSummaryPage {
  data: JobSummary[];
  next_cursor: string | null;
}
