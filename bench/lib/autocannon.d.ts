// The few parts of autocannon 8 the benchmark uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Client {
      setRequests(requests: RequestSpec[]): void;
    }
    interface RequestSpec {
      method?: 'GET' | 'POST';
      path?: string;
      body?: string;
      headers?: Record<string, string>;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      overallRate?: number;
      method?: 'GET' | 'POST';
      headers?: Record<string, string>;
      body?: string;
      requests?: RequestSpec[];
      setupClient?: (client: Client) => void;
    }
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      p50: number;
      p90: number;
      p99: number;
      total: number;
    }
    interface Result {
      latency: Histogram;
      requests: Histogram;
      throughput: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      duration: number;
      '2xx': number;
    }
  }
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>;
  export = autocannon;
}
