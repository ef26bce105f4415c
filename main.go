// Command tokenjoule tells how much energy a large language model spends to
// generate a volume of tokens, from the ML.ENERGY Leaderboard's measurements.
//
//	tokenjoule calc    [flags]   answer from the shell
//	tokenjoule plan    [flags]   how many GPUs, and how much energy a day, for a traffic
//	tokenjoule compare [flags]   rank every model of a workload
//	tokenjoule list    [flags]   the workloads, or the models of one
//	tokenjoule import  [flags]   rebuild data/ from the leaderboard's files
//	tokenjoule build   [flags]   write the static site
//	tokenjoule serve   [flags]   serve the calculator
//
// Run "tokenjoule <command> -h" for a command's flags. The commands live in
// package tokenjoule/app/cli.
package main

import (
	"os"

	"tokenjoule/app/cli"
)

func main() {
	os.Exit(cli.Run(os.Args[1:], os.Stdout, os.Stderr))
}
