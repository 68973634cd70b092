"""From items to parsed answers: the studies' prompts, jobs that ask a model in one batched call, and the parsers
that read a reply into one option, MULTIPLE or NONE — never a guessed letter."""
