module tokenjoule

go 1.26
