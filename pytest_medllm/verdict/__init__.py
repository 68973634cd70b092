"""What is judged and how: metric declarations beside the suites, release gates, the records a test writes, the
recorder behind the ``expect`` fixture, the run summary and its verdict, and the artifacts written from it."""
