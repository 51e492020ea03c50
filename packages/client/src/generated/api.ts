// Generated from the server's routes by `npm run generate -w @guilds/client`: do not edit.
// packages/client/test/apiTypes.test.ts fails when this file differs from a fresh generation.

export interface paths {
    "/api/guilds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the guilds (a guild's or an agent's token: its guild alone) */
        get: operations["getApiGuilds"];
        put?: never;
        /** Create a guild */
        post: operations["postApiGuilds"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/guilds/{guildId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a guild */
        get: operations["getApiGuildsGuildId"];
        put?: never;
        post?: never;
        /** Delete a guild with its repositories, secrets and notes; refused while it has agents */
        delete: operations["deleteApiGuildsGuildId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/guilds/{guildId}/repositories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a guild's repositories */
        get: operations["getApiGuildsGuildIdRepositories"];
        put?: never;
        /** Add a repository to a guild: a git URL (optional token) or a local path */
        post: operations["postApiGuildsGuildIdRepositories"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/repositories/{repositoryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a repository */
        get: operations["getApiRepositoriesRepositoryId"];
        put?: never;
        post?: never;
        /** Delete a repository and its token; the clones in the agents' homes stay. Refused while a run of the guild is in progress */
        delete: operations["deleteApiRepositoriesRepositoryId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/guilds/{guildId}/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a guild's agents */
        get: operations["getApiGuildsGuildIdAgents"];
        put?: never;
        /** Create an agent in a guild */
        post: operations["postApiGuildsGuildIdAgents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agents/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an agent */
        get: operations["getApiAgentsAgentId"];
        put?: never;
        post?: never;
        /** Delete an agent with its runs (messages, tool calls, events), secrets and machine folder; refused while a run is in progress */
        delete: operations["deleteApiAgentsAgentId"];
        options?: never;
        head?: never;
        /** Change an agent's settings (absent fields are left as they are) */
        patch: operations["patchApiAgentsAgentId"];
        trace?: never;
    };
    "/api/guilds/{guildId}/secrets/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set a secret of the guild (its value is never returned) */
        put: operations["putApiGuildsGuildIdSecretsName"];
        post?: never;
        /** Delete a secret of the guild */
        delete: operations["deleteApiGuildsGuildIdSecretsName"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/guilds/{guildId}/secrets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the guild's secrets: names and aliases only */
        get: operations["getApiGuildsGuildIdSecrets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agents/{agentId}/secrets/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set a secret of the agent (its value is never returned) */
        put: operations["putApiAgentsAgentIdSecretsName"];
        post?: never;
        /** Delete a secret of the agent */
        delete: operations["deleteApiAgentsAgentIdSecretsName"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agents/{agentId}/secrets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the agent's secrets: names and aliases only */
        get: operations["getApiAgentsAgentIdSecrets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/guilds/{guildId}/notes/{notePath}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a note with its content (a record's as its JSON view) */
        get: operations["getApiGuildsGuildIdNotesNotePath"];
        /** Create or replace a note of the guild (its path URL-encoded: runbooks%2Fdeploy.md) */
        put: operations["putApiGuildsGuildIdNotesNotePath"];
        post?: never;
        /** Delete a note (a collection once it holds no records) */
        delete: operations["deleteApiGuildsGuildIdNotesNotePath"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/guilds/{guildId}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the guild's notes: paths, kinds, sizes; ?prefix=tasks lists tasks and what is under it */
        get: operations["getApiGuildsGuildIdNotes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agents/{agentId}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the agent's runs, newest first */
        get: operations["getApiAgentsAgentIdRuns"];
        put?: never;
        /** Start a run of the agent with an operator message */
        post: operations["postApiAgentsAgentIdRuns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{runId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a run with its messages, generations (their usage and cost), tool calls and the messages queued for its next generation */
        get: operations["getApiRunsRunId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename a run (its title is its first message's first line until then) */
        patch: operations["patchApiRunsRunId"];
        trace?: never;
    };
    "/api/runs/{runId}/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a run without its messages and tool calls (its status, reason and budget) */
        get: operations["getApiRunsRunIdSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{runId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Continue the run with an operator message; while the run works, the message is queued (message.queued) and its next generation reads it (message.delivered) */
        post: operations["postApiRunsRunIdMessages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{runId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel the run: its generation and its running tool call stop */
        post: operations["postApiRunsRunIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{runId}/tool-calls/{callId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one tool call: arguments, result and metadata (by its id or the model's call id) */
        get: operations["getApiRunsRunIdToolCallsCallId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the models' prices: the defaults and the operator's (USD per million tokens) */
        get: operations["getApiPrices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/prices/{model}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set a model's price (USD per million tokens); generations that end from now on cost it */
        put: operations["putApiPricesModel"];
        post?: never;
        /** Delete the operator's price of a model: it takes its default again, or none */
        delete: operations["deleteApiPricesModel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the runs across guilds and agents, newest first, with the counts of runs at work and waiting (a guild's or an agent's token: its own) */
        get: operations["getApiRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/run-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every run's run.started and run.ended as SSE, live only: read GET /api/runs again on (re)connecting (a guild's token: its guild's) */
        get: operations["getApiRunEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{runId}/tasks/{callId}/log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a code_task's harness log from the agent's machine (waking it) */
        get: operations["getApiRunsRunIdTasksCallIdLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{runId}/tasks/{callId}/diff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a code_task's diff, start checkpoint to end checkpoint, from the agent's machine */
        get: operations["getApiRunsRunIdTasksCallIdDiff"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{runId}/tool-calls/{callId}/output": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a background shell command's new output lines from the agent's machine */
        get: operations["getApiRunsRunIdToolCallsCallIdOutput"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{runId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The run's events as SSE: all of them, or those after Last-Event-ID (or ?after=) */
        get: operations["getApiRunsRunIdEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{runId}/events/snapshot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The run's stored events in one answer and the id of the last: its stream after that id (?after=) gives the rest, none lost or doubled */
        get: operations["getApiRunsRunIdEventsSnapshot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/guilds/{guildId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every run's events in the guild as SSE: live, or after Last-Event-ID (or ?after=) */
        get: operations["getApiGuildsGuildIdEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            error: {
                code: string;
                message: string;
            };
        };
        RunEvent: {
            id: number | null;
            type: string;
            run_id: string;
            guild_id: string;
            data: {
                /** @constant */
                type: "run.started";
                run_id: string;
                agent_id: string;
            } | {
                /** @constant */
                type: "run.ended";
                run_id: string;
                /** @enum {string} */
                status: "completed" | "failed" | "cancelled" | "interrupted";
                reason?: string;
            } | {
                /** @constant */
                type: "message.created";
                run_id: string;
                seq: number;
                /** @enum {string} */
                role: "operator" | "assistant" | "tool";
                text?: string;
                tool_calls?: {
                    id: string;
                    name: string;
                    arguments: unknown;
                }[];
                tool_call_id?: string;
            } | {
                /** @constant */
                type: "message.queued";
                run_id: string;
                queued_id: string;
                text: string;
            } | {
                /** @constant */
                type: "message.delivered";
                run_id: string;
                queued_id: string;
                seq: number;
            } | {
                /** @constant */
                type: "generation.started";
                run_id: string;
                generation_seq: number;
                tools: string[];
            } | {
                /** @constant */
                type: "generation.ended";
                run_id: string;
                generation_seq: number;
                finish_reason: string;
                tool_calls: number;
                usage?: components["schemas"]["TokenUsage"];
                cost_usd?: number | null;
            } | {
                /** @constant */
                type: "tool.started";
                run_id: string;
                tool_call_id: string;
                call_id: string;
                name: string;
                arguments: unknown;
            } | {
                /** @constant */
                type: "tool.finished";
                run_id: string;
                tool_call_id: string;
                name: string;
                /** @enum {string} */
                status: "completed" | "failed" | "cancelled" | "interrupted";
                result: string;
                metadata: {
                    [key: string]: unknown;
                };
                repeat_of?: number;
                seq: number;
            } | {
                /** @constant */
                type: "tool.progress";
                run_id: string;
                tool_call_id: string;
                lines: string[];
                session_id: string | null;
            };
            created_at: string;
        };
        TokenUsage: {
            /** @description Every prompt token, the cached ones included. */
            input_tokens: number | null;
            output_tokens: number | null;
            /** @description The prompt tokens read from the provider's cache. */
            cached_tokens: number | null;
        };
        Guild: {
            id: string;
            name: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            created_at: string;
        };
        Deletion: {
            /** @enum {string} */
            deleted: "guild" | "repository" | "agent";
            id: string;
            name: string;
            /** @description What went with it, in words. */
            removed: string[];
            /** @description What stays, where, and why. */
            kept: string[];
        };
        Repository: {
            id: string;
            guild_id: string;
            /** @description Its folder in each agent's home: repos/<name>. */
            name: string;
            /** @description The git remote, without any password; null for a local path. */
            url: string | null;
            local_path: string | null;
            /** @description The token itself is never returned. */
            has_token: boolean;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            created_at: string;
        };
        Agent: {
            id: string;
            guild_id: string;
            name: string;
            harness: ("claude" | "codex" | "gemini" | "cursor" | "antigravity") | null;
            harness_model: string | null;
            harness_effort: string | null;
            model: {
                /** @enum {string} */
                provider: "anthropic" | "openai" | "openai-compatible" | "scripted";
                name: string;
                base_url: string | null;
            };
            coding: boolean;
            max_tool_calls: number;
            idle_stop_minutes: number;
            limits: components["schemas"]["AgentLimits"];
            effective_limits: components["schemas"]["EffectiveLimits"];
            /** @description The scripted provider's steps, or null. */
            script: {
                steps: ({
                    /** @constant */
                    type: "reply";
                    /** @default  */
                    text: string;
                    /** @default [] */
                    tool_calls: {
                        /** @description The tool to call, as offered to the model (shell, file_read, ...). */
                        name: string;
                        /**
                         * @description An object is sent as its JSON; a string is sent verbatim as the raw JSON text, even invalid.
                         * @default {}
                         */
                        args: {
                            [key: string]: unknown;
                        } | string;
                    }[];
                    /**
                     * @description Milliseconds to wait before the step plays; a cancel ends the wait.
                     * @default 0
                     */
                    delay_ms: number;
                    usage?: {
                        /**
                         * @description Every prompt token, the cached ones included.
                         * @default null
                         */
                        input_tokens: number | null;
                        /** @default null */
                        output_tokens: number | null;
                        /**
                         * @description The prompt tokens read from the cache.
                         * @default null
                         */
                        cached_tokens: number | null;
                    };
                } | {
                    /** @constant */
                    type: "wait_for_cancel";
                    /** @default  */
                    text: string;
                    /**
                     * @description Milliseconds to wait before the step plays; a cancel ends the wait.
                     * @default 0
                     */
                    delay_ms: number;
                } | {
                    /** @constant */
                    type: "error";
                    /** @enum {string} */
                    code: "provider.auth" | "provider.unreachable" | "provider.rate_limited" | "provider.rejected" | "provider.error";
                    message: string;
                    /**
                     * @description Milliseconds to wait before the step plays; a cancel ends the wait.
                     * @default 0
                     */
                    delay_ms: number;
                })[];
                /** @default The script has no more steps. */
                final_text: string;
            } | null;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            updated_at: string;
        };
        /** @description The agent's own machine limits, each null for the default. */
        AgentLimits: {
            pids: number | null;
            memory_bytes: number | null;
            cpus: number | null;
            disk_bytes: number | null;
        };
        /** @description What its machine gets at its next start: its own limits, else the defaults, within the server's maxima. */
        EffectiveLimits: {
            pids: number;
            memory_bytes: number;
            cpus: number;
            disk_bytes: number;
            tmpfs_bytes: number;
        };
        /** @description A secret's name and aliases; its value never leaves the server. */
        Secret: {
            id: string;
            /** @enum {string} */
            scope: "guild" | "agent";
            guild_id: string;
            agent_id: string | null;
            name: string;
            aliases: string[];
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            updated_at: string;
        };
        Note: {
            id: string;
            guild_id: string;
            /** @description The display path, unique in the guild: runbooks/deploy.md, tasks/t-12. */
            path: string;
            /** @enum {string} */
            kind: "note" | "record" | "collection" | "script";
            /** @description Bytes of UTF-8 content (a record's JSON view); 0 for a collection. */
            size: number;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            updated_at: string;
            /** @description Markdown, a record's JSON view, a script's source; null for a collection. */
            content: string | null;
        };
        NoteSummary: {
            id: string;
            guild_id: string;
            /** @description The display path, unique in the guild: runbooks/deploy.md, tasks/t-12. */
            path: string;
            /** @enum {string} */
            kind: "note" | "record" | "collection" | "script";
            /** @description Bytes of UTF-8 content (a record's JSON view); 0 for a collection. */
            size: number;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            updated_at: string;
        };
        Run: {
            id: string;
            guild_id: string;
            agent_id: string;
            /** @description From its first message (its first line), until the operator renames it; empty for none. */
            title: string;
            /** @enum {string} */
            status: "running" | "completed" | "failed" | "cancelled" | "interrupted";
            status_reason: string | null;
            /** @description harness_task lives here while a code_task runs; usage and cost_usd, as below, always. */
            metadata: {
                [key: string]: unknown;
            };
            tool_calls_used: number;
            /** @description The tokens of its generations and its code tasks, summed. */
            usage: components["schemas"]["RunUsage"];
            /** @description US dollars: its generations' costs (each from the price table when it ended) and its code tasks' (as their harness reported them), summed; null while none is known. */
            cost_usd: number | null;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            updated_at: string;
            ended_at: string | null;
        };
        RunUsage: {
            input_tokens: number;
            output_tokens: number;
            cached_tokens: number;
        };
        RunDetail: {
            id: string;
            guild_id: string;
            agent_id: string;
            /** @description From its first message (its first line), until the operator renames it; empty for none. */
            title: string;
            /** @enum {string} */
            status: "running" | "completed" | "failed" | "cancelled" | "interrupted";
            status_reason: string | null;
            /** @description harness_task lives here while a code_task runs; usage and cost_usd, as below, always. */
            metadata: {
                [key: string]: unknown;
            };
            tool_calls_used: number;
            /** @description The tokens of its generations and its code tasks, summed. */
            usage: components["schemas"]["RunUsage"];
            /** @description US dollars: its generations' costs (each from the price table when it ended) and its code tasks' (as their harness reported them), summed; null while none is known. */
            cost_usd: number | null;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            updated_at: string;
            ended_at: string | null;
            messages: components["schemas"]["Message"][];
            generations: components["schemas"]["Generation"][];
            tool_calls: components["schemas"]["ToolCall"][];
            /** @description Sent while the run worked and not read yet, in order; a run that ended first delivers them when it is continued. */
            queued_messages: components["schemas"]["QueuedMessage"][];
        };
        Message: {
            id: string;
            /** @description Its place in the run: the "step N" of file_read. */
            seq: number;
            /** @enum {string} */
            role: "operator" | "assistant" | "tool";
            /** @description JSON. */
            content: unknown;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            created_at: string;
        };
        Generation: {
            id: string;
            /** @description Its place among the run's generations: 1, 2, 3, … */
            seq: number;
            /** @description provider:model, as it was called. */
            model: string;
            /** @enum {string} */
            status: "running" | "completed" | "failed" | "cancelled" | "interrupted";
            usage: components["schemas"]["TokenUsage"];
            /** @description US dollars, from the price table when it ended; null when its model has no price. */
            cost_usd: number | null;
            error: string | null;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            started_at: string;
            ended_at: string | null;
        };
        ToolCall: {
            id: string;
            run_id: string;
            generation_id: string | null;
            /** @description The model's own id for the call. */
            call_id: string;
            tool: string;
            /** @description The arguments parsed, or null when the model's text is not JSON. */
            arguments: unknown;
            arguments_text: string;
            /** @enum {string} */
            status: "pending" | "running" | "completed" | "failed" | "cancelled" | "interrupted";
            result: string | null;
            result_seq: number | null;
            result_cut: boolean;
            metadata: {
                [key: string]: unknown;
            };
            repeat_of: number | null;
            error: string | null;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            created_at: string;
            started_at: string | null;
            ended_at: string | null;
            duration_ms: number | null;
        };
        QueuedMessage: {
            /** @description The id message.queued and message.delivered name. */
            id: string;
            text: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            created_at: string;
        };
        ModelPriceList: {
            /** @description By model name. */
            prices: components["schemas"]["ModelPrice"][];
        };
        ModelPrice: {
            /** @description input_usd_per_million: US dollars per million tokens. */
            input_usd_per_million: number;
            /** @description output_usd_per_million: US dollars per million tokens. */
            output_usd_per_million: number;
            /** @description Prompt tokens read from the provider's cache: US dollars per million tokens. */
            cached_input_usd_per_million: number;
            /** @description The model's name as an agent gives it: claude-sonnet-4-5, gpt-5. */
            model: string;
            /**
             * @description default: the server's built-in price; operator: set through the API, kept until deleted.
             * @enum {string}
             */
            source: "default" | "operator";
            /** @description When the operator set it; null for a default. */
            updated_at: string | null;
        };
        RunBoard: {
            /** @description Newest first. */
            runs: components["schemas"]["BoardRun"][];
            /** @description Pass it as ?cursor= (with the same filters) for the next page; null on the last page. */
            next_cursor: string | null;
            /** @description Runs at work now, of all the token sees, whatever the filters. */
            running: number;
            /** @description Running runs that wait (board_status waiting), of all the token sees. */
            waiting: number;
        };
        BoardRun: {
            id: string;
            guild_id: string;
            agent_id: string;
            /** @description From its first message (its first line), until the operator renames it; empty for none. */
            title: string;
            /** @enum {string} */
            status: "running" | "completed" | "failed" | "cancelled" | "interrupted";
            status_reason: string | null;
            /** @description harness_task lives here while a code_task runs; usage and cost_usd, as below, always. */
            metadata: {
                [key: string]: unknown;
            };
            tool_calls_used: number;
            /** @description The tokens of its generations and its code tasks, summed. */
            usage: components["schemas"]["RunUsage"];
            /** @description US dollars: its generations' costs (each from the price table when it ended) and its code tasks' (as their harness reported them), summed; null while none is known. */
            cost_usd: number | null;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601, UTC.
             */
            updated_at: string;
            ended_at: string | null;
            /**
             * @description Its status, except that a running run with no model call and no tool call at work (a code_task aside) is waiting: for a code task, or for its MCP client's next call.
             * @enum {string}
             */
            board_status: "running" | "waiting" | "completed" | "failed" | "cancelled" | "interrupted";
            agent_name: string;
            guild_name: string;
        };
        HarnessLog: {
            /** @description Each event as a progress line, redacted, cut at 240 characters. */
            lines: string[];
            /** @description More lines than the first 2000 were kept. */
            lines_truncated: boolean;
            /** @description The raw JSONL, redacted: whole lines from the start within 256 KiB. */
            raw: string;
            raw_truncated: boolean;
            /** @description The whole log's size. */
            bytes: number;
            events: number;
            /** @description Lines that were not the harness's events. */
            unparsed: number;
        };
        TaskDiff: {
            /** @description The unified diff from the start checkpoint to the end checkpoint, redacted. */
            diff: string;
            truncated: boolean;
            start_sha: string;
            end_sha: string;
        };
        BackgroundOutput: {
            /** @description The whole lines written since the cursor (the latest ones without a cursor), at most 60, redacted, cut at 240 characters. */
            lines: string[];
            /** @description Pass it as ?cursor= to read on from the last line read. */
            next_cursor: string;
            /**
             * @description The command's state as shell_status reads it; ended when the machine is not running.
             * @enum {string}
             */
            state: "running" | "exited" | "stopping" | "stopped" | "ended";
        };
        RunEventSnapshot: {
            /** @description The run's stored events, oldest first (never tool.progress) */
            events: components["schemas"]["RunEvent"][];
            /** @description The id of the last of them (0 for none): follow the run's events after it for the rest */
            last_event_id: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getApiGuilds: {
        parameters: {
            query?: {
                /** @description At most this many items (default 100) */
                limit?: number;
                /** @description The next_cursor of the previous page: this page starts after its last item */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        guilds: components["schemas"]["Guild"][];
                        /** @description Pass it as ?cursor= for the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiGuilds: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The guild's name, unique on this server. */
                    name: string;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Guild"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild of that name exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1048576 bytes (request.too_large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The store's disk is full (storage.full): free space, then retry */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiGuildsGuildId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                guildId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Guild"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiGuildsGuildId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                guildId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deletion"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The guild has agents (guild.not_empty): delete them first */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The store's disk is full (storage.full): free space, then retry */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiGuildsGuildIdRepositories: {
        parameters: {
            query?: {
                /** @description At most this many items (default 100) */
                limit?: number;
                /** @description The next_cursor of the previous page: this page starts after its last item */
                cursor?: string;
            };
            header?: never;
            path: {
                guildId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        repositories: components["schemas"]["Repository"][];
                        /** @description Pass it as ?cursor= for the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiGuildsGuildIdRepositories: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                guildId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The folder it is cloned to: repos/<name> in each agent's home. */
                    name: string;
                    /** @description A git remote (https://… or git@…); or give local_path. */
                    url?: string;
                    /** @description A token for the remote; stored encrypted, never returned. */
                    token?: string;
                    /** @description A git repository on the server's host; or give url. */
                    local_path?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Repository"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The guild has a repository of that name */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1048576 bytes (request.too_large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The store's disk is full (storage.full): free space, then retry */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiRepositoriesRepositoryId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                repositoryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Repository"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiRepositoriesRepositoryId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                repositoryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deletion"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A run of the guild is in progress (repository.in_use): cancel it or let it end */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The store's disk is full (storage.full): free space, then retry */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiGuildsGuildIdAgents: {
        parameters: {
            query?: {
                /** @description At most this many items (default 100) */
                limit?: number;
                /** @description The next_cursor of the previous page: this page starts after its last item */
                cursor?: string;
            };
            header?: never;
            path: {
                guildId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agents: components["schemas"]["Agent"][];
                        /** @description Pass it as ?cursor= for the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiGuildsGuildIdAgents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                guildId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    model: {
                        /** @enum {string} */
                        provider: "anthropic" | "openai" | "openai-compatible" | "scripted";
                        /** @description The model id (claude-sonnet-4-5, gpt-5, qwen3:8b; any name for scripted). */
                        name: string;
                        /** @description For openai-compatible servers. */
                        base_url?: string | null;
                    };
                    harness?: ("claude" | "codex" | "gemini" | "cursor" | "antigravity") | null;
                    harness_model?: string | null;
                    harness_effort?: string | null;
                    /** @description Gates the code tools; read at each generation. */
                    coding?: boolean;
                    /** @description Tool calls a run may make (default 100). */
                    max_tool_calls?: number;
                    /** @description Minutes unused before the agent's machine stops (default 30). */
                    idle_stop_minutes?: number;
                    /** @description The machine's limits, taking effect at its next start: each absent is left as it is, null resets it to the default; none may be above the server's maximum (GUILDS_MAX_PIDS, GUILDS_MAX_MEMORY, GUILDS_MAX_CPUS, GUILDS_MAX_DISK). */
                    limits?: {
                        /** @description Processes and threads at once (default 1024). */
                        pids?: number | null;
                        /** @description Bytes, or a size such as "4G" or "512M" (default 4G), tmpfs included. */
                        memory?: (number | string) | null;
                        /** @description CPU cores, 0.5 for half of one (default 2). */
                        cpus?: number | null;
                        /** @description The home's size: bytes, or a size such as "20G" (default 20G). */
                        disk?: (number | string) | null;
                    };
                    /** @description The scripted provider's steps (see modelScript.ts). */
                    script?: {
                        steps: ({
                            /** @constant */
                            type: "reply";
                            /** @default  */
                            text?: string;
                            /** @default [] */
                            tool_calls?: {
                                /** @description The tool to call, as offered to the model (shell, file_read, ...). */
                                name: string;
                                /**
                                 * @description An object is sent as its JSON; a string is sent verbatim as the raw JSON text, even invalid.
                                 * @default {}
                                 */
                                args?: {
                                    [key: string]: unknown;
                                } | string;
                            }[];
                            /**
                             * @description Milliseconds to wait before the step plays; a cancel ends the wait.
                             * @default 0
                             */
                            delay_ms?: number;
                            usage?: {
                                /**
                                 * @description Every prompt token, the cached ones included.
                                 * @default null
                                 */
                                input_tokens?: number | null;
                                /** @default null */
                                output_tokens?: number | null;
                                /**
                                 * @description The prompt tokens read from the cache.
                                 * @default null
                                 */
                                cached_tokens?: number | null;
                            };
                        } | {
                            /** @constant */
                            type: "wait_for_cancel";
                            /** @default  */
                            text?: string;
                            /**
                             * @description Milliseconds to wait before the step plays; a cancel ends the wait.
                             * @default 0
                             */
                            delay_ms?: number;
                        } | {
                            /** @constant */
                            type: "error";
                            /** @enum {string} */
                            code: "provider.auth" | "provider.unreachable" | "provider.rate_limited" | "provider.rejected" | "provider.error";
                            message: string;
                            /**
                             * @description Milliseconds to wait before the step plays; a cancel ends the wait.
                             * @default 0
                             */
                            delay_ms?: number;
                        })[];
                        /** @default The script has no more steps. */
                        final_text?: string;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Agent"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The guild has an agent of that name */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1048576 bytes (request.too_large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The store's disk is full (storage.full): free space, then retry */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiAgentsAgentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Agent"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiAgentsAgentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deletion"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A run of the agent is in progress (agent.busy): cancel it first */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The store's disk is full (storage.full): free space, then retry */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiAgentsAgentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    model?: {
                        /** @enum {string} */
                        provider?: "anthropic" | "openai" | "openai-compatible" | "scripted";
                        /** @description The model id (claude-sonnet-4-5, gpt-5, qwen3:8b; any name for scripted). */
                        name?: string;
                        /** @description For openai-compatible servers. */
                        base_url?: string | null;
                    };
                    harness?: ("claude" | "codex" | "gemini" | "cursor" | "antigravity") | null;
                    harness_model?: string | null;
                    harness_effort?: string | null;
                    /** @description Gates the code tools; read at each generation. */
                    coding?: boolean;
                    /** @description Tool calls a run may make (default 100). */
                    max_tool_calls?: number;
                    /** @description Minutes unused before the agent's machine stops (default 30). */
                    idle_stop_minutes?: number;
                    /** @description The machine's limits, taking effect at its next start: each absent is left as it is, null resets it to the default; none may be above the server's maximum (GUILDS_MAX_PIDS, GUILDS_MAX_MEMORY, GUILDS_MAX_CPUS, GUILDS_MAX_DISK). */
                    limits?: {
                        /** @description Processes and threads at once (default 1024). */
                        pids?: number | null;
                        /** @description Bytes, or a size such as "4G" or "512M" (default 4G), tmpfs included. */
                        memory?: (number | string) | null;
                        /** @description CPU cores, 0.5 for half of one (default 2). */
                        cpus?: number | null;
                        /** @description The home's size: bytes, or a size such as "20G" (default 20G). */
                        disk?: (number | string) | null;
                    };
                    /** @description The scripted provider's steps (see modelScript.ts). */
                    script?: {
                        steps: ({
                            /** @constant */
                            type: "reply";
                            /** @default  */
                            text?: string;
                            /** @default [] */
                            tool_calls?: {
                                /** @description The tool to call, as offered to the model (shell, file_read, ...). */
                                name: string;
                                /**
                                 * @description An object is sent as its JSON; a string is sent verbatim as the raw JSON text, even invalid.
                                 * @default {}
                                 */
                                args?: {
                                    [key: string]: unknown;
                                } | string;
                            }[];
                            /**
                             * @description Milliseconds to wait before the step plays; a cancel ends the wait.
                             * @default 0
                             */
                            delay_ms?: number;
                            usage?: {
                                /**
                                 * @description Every prompt token, the cached ones included.
                                 * @default null
                                 */
                                input_tokens?: number | null;
                                /** @default null */
                                output_tokens?: number | null;
                                /**
                                 * @description The prompt tokens read from the cache.
                                 * @default null
                                 */
                                cached_tokens?: number | null;
                            };
                        } | {
                            /** @constant */
                            type: "wait_for_cancel";
                            /** @default  */
                            text?: string;
                            /**
                             * @description Milliseconds to wait before the step plays; a cancel ends the wait.
                             * @default 0
                             */
                            delay_ms?: number;
                        } | {
                            /** @constant */
                            type: "error";
                            /** @enum {string} */
                            code: "provider.auth" | "provider.unreachable" | "provider.rate_limited" | "provider.rejected" | "provider.error";
                            message: string;
                            /**
                             * @description Milliseconds to wait before the step plays; a cancel ends the wait.
                             * @default 0
                             */
                            delay_ms?: number;
                        })[];
                        /** @default The script has no more steps. */
                        final_text?: string;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Agent"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The guild has another agent of that name */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1048576 bytes (request.too_large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The store's disk is full (storage.full): free space, then retry */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putApiGuildsGuildIdSecretsName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                guildId: string;
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Write-only: never returned by any answer. */
                    value: string;
                    /** @description More environment variable names for the value. */
                    aliases?: string[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Secret"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1048576 bytes (request.too_large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The store's disk is full (storage.full): free space, then retry */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiGuildsGuildIdSecretsName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                guildId: string;
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The secret's name. */
                        deleted: string;
                    };
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The store's disk is full (storage.full): free space, then retry */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiGuildsGuildIdSecrets: {
        parameters: {
            query?: {
                /** @description At most this many items (default 100) */
                limit?: number;
                /** @description The next_cursor of the previous page: this page starts after its last item */
                cursor?: string;
            };
            header?: never;
            path: {
                guildId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        secrets: components["schemas"]["Secret"][];
                        /** @description Pass it as ?cursor= for the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putApiAgentsAgentIdSecretsName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Write-only: never returned by any answer. */
                    value: string;
                    /** @description More environment variable names for the value. */
                    aliases?: string[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Secret"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1048576 bytes (request.too_large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The store's disk is full (storage.full): free space, then retry */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiAgentsAgentIdSecretsName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The secret's name. */
                        deleted: string;
                    };
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The store's disk is full (storage.full): free space, then retry */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiAgentsAgentIdSecrets: {
        parameters: {
            query?: {
                /** @description At most this many items (default 100) */
                limit?: number;
                /** @description The next_cursor of the previous page: this page starts after its last item */
                cursor?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        secrets: components["schemas"]["Secret"][];
                        /** @description Pass it as ?cursor= for the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiGuildsGuildIdNotesNotePath: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                guildId: string;
                notePath: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Note"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putApiGuildsGuildIdNotesNotePath: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                guildId: string;
                notePath: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description note (Markdown), record (a JSON object), collection (no content) or script; default: the stored kind, else note.
                     * @enum {string}
                     */
                    kind?: "note" | "record" | "collection" | "script";
                    /** @description The text (at most 1 MiB); a record's JSON as text or as an object; none for a collection. */
                    content?: (string | {
                        [key: string]: unknown;
                    }) | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Note"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The path holds another kind (note.kind_conflict): delete it first */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1048576 bytes (request.too_large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The store's disk is full (storage.full): free space, then retry */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiGuildsGuildIdNotesNotePath: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                guildId: string;
                notePath: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The note's path. */
                        deleted: string;
                    };
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The collection holds records (note.collection_not_empty): delete them first */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The store's disk is full (storage.full): free space, then retry */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiGuildsGuildIdNotes: {
        parameters: {
            query?: {
                /** @description Only the notes at this path and under it (tasks: tasks and tasks/...) */
                prefix?: string;
                /** @description At most this many items (default 100) */
                limit?: number;
                /** @description The next_cursor of the previous page: this page starts after its last item */
                cursor?: string;
            };
            header?: never;
            path: {
                guildId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notes: components["schemas"]["NoteSummary"][];
                        /** @description Pass it as ?cursor= for the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiAgentsAgentIdRuns: {
        parameters: {
            query?: {
                /** @description At most this many items (default 100) */
                limit?: number;
                /** @description The next_cursor of the previous page: this page starts after its last item */
                cursor?: string;
            };
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Newest first. */
                        runs: components["schemas"]["Run"][];
                        /** @description Pass it as ?cursor= for the next page; null on the last page. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiAgentsAgentIdRuns: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The operator's message to the agent. */
                    message: string;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1048576 bytes (request.too_large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The server is shutting down (server.closing): send it again once it is back */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The store's disk is full (storage.full): free space, then retry */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiRunsRunId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunDetail"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiRunsRunId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The run's new title (spaces around it are dropped). */
                    title: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1048576 bytes (request.too_large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The store's disk is full (storage.full): free space, then retry */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiRunsRunIdSummary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiRunsRunIdMessages: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The operator's message to the agent. */
                    message: string;
                };
            };
        };
        responses: {
            /** @description OK */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An MCP client drives the run (run.busy): end that session, or cancel the run */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1048576 bytes (request.too_large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The server is shutting down (server.closing): send it again once it is back */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The store's disk is full (storage.full): free space, then retry */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiRunsRunIdCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The store's disk is full (storage.full): free space, then retry */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiRunsRunIdToolCallsCallId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                runId: string;
                callId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolCall"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiPrices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelPriceList"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putApiPricesModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                model: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description input_usd_per_million: US dollars per million tokens. */
                    input_usd_per_million: number;
                    /** @description output_usd_per_million: US dollars per million tokens. */
                    output_usd_per_million: number;
                    /** @description Prompt tokens read from the provider's cache: US dollars per million tokens. */
                    cached_input_usd_per_million: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelPrice"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1048576 bytes (request.too_large) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The store's disk is full (storage.full): free space, then retry */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiPricesModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                model: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelPriceList"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The store's disk is full (storage.full): free space, then retry */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiRuns: {
        parameters: {
            query?: {
                /** @description Only runs in these board statuses, separated by commas: running, waiting, completed, failed, cancelled, interrupted */
                status?: string;
                /** @description Only the runs of this guild */
                guild_id?: string;
                /** @description Only the runs of this agent */
                agent_id?: string;
                /** @description Only runs whose title, or an operator's or assistant's message, holds this text (case-insensitive, at most 200 characters), among the newest 10000 runs of the guild or agent asked for */
                q?: string;
                /** @description At most this many items (default 100) */
                limit?: number;
                /** @description The next_cursor of the previous page: this page starts after its last item */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunBoard"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiRunEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-sent events: each event's `id` is its id to resume after (none on tool.progress, never stored), its `event` its type, its `data` one RunEvent as JSON (components.schemas.RunEvent); comments are heartbeats */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiRunsRunIdTasksCallIdLog: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                runId: string;
                callId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HarnessLog"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The agent's machine or its helper failed to read it (machine.exec_failed, helper.failed, ...) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The server reads no task artifacts (tasks.unavailable), or the agent's machine cannot start (machine.start_failed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The agent's machine did not answer in time (helper.timeout) */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiRunsRunIdTasksCallIdDiff: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                runId: string;
                callId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskDiff"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The agent's machine or its helper failed to read it (machine.exec_failed, helper.failed, ...) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The server reads no task artifacts (tasks.unavailable), or the agent's machine cannot start (machine.start_failed) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The agent's machine did not answer in time (helper.timeout) */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiRunsRunIdToolCallsCallIdOutput: {
        parameters: {
            query?: {
                /** @description The next_cursor of the previous answer; without it, the latest lines */
                cursor?: string;
            };
            header?: never;
            path: {
                runId: string;
                callId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BackgroundOutput"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The agent's machine or its helper failed to read it (machine.exec_failed, helper.failed, ...) */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This server runs without the agents' machines (machine.not_running) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The agent's machine did not answer in time (helper.timeout) */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiRunsRunIdEvents: {
        parameters: {
            query?: {
                /** @description The id of the last event received, for a client that cannot send Last-Event-ID */
                after?: number;
            };
            header?: {
                /** @description The id of the last event received: the stream resumes after it (it wins over ?after=) */
                "Last-Event-ID"?: number;
            };
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-sent events: each event's `id` is its id to resume after (none on tool.progress, never stored), its `event` its type, its `data` one RunEvent as JSON (components.schemas.RunEvent); comments are heartbeats */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiRunsRunIdEventsSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunEventSnapshot"];
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiGuildsGuildIdEvents: {
        parameters: {
            query?: {
                /** @description The id of the last event received, for a client that cannot send Last-Event-ID */
                after?: number;
            };
            header?: {
                /** @description The id of the last event received: the stream resumes after it (it wins over ?after=) */
                "Last-Event-ID"?: number;
            };
            path: {
                guildId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-sent events: each event's `id` is its id to resume after (none on tool.progress, never stored), its `event` its type, its `data` one RunEvent as JSON (components.schemas.RunEvent); comments are heartbeats */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description The request is invalid; the message says how to fix it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid bearer token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A guild's or an agent's token on a route outside its scope (auth.forbidden) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An id in the path names nothing, or nothing the token's scope reaches */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A fault of the server's own (server.internal): its log says more */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
