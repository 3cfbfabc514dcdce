int foo_time;
