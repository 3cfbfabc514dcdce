int core;
