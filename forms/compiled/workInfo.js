/* eslint-disable */
// Generated from forms/workInfo.schema.json (rules 8ff0179443876c45) by npm run compile:validators. Do not edit.
"use strict";
import * as func2_module from "ajv/dist/runtime/ucs2length.js";
function runtimeDefault(ns) { const d = ns.default; return typeof d === "function" ? d : d.default; }
export const validate = validate13;
const schema14_0 = ["underOne","oneToThree","threeToFive","overFive"];
const schema14_1 = ["upTo12000","from12001To18000","from18001To25000","from25001To30000","over30000"];
const schema14_2 = ["agricultureFishing","miningQuarrying","manufacturing","utilities","construction","wholesaleRetail","transportLogistics","accommodationFood","informationTechnology","bpo","telecommunications","financeBanking","insurance","realEstate","professionalServices","education","healthcare","government","uniformedServices","artsEntertainmentMedia","tourismTravel","domesticWork","securityServices","beautyWellness","onlineSelling","other"];
const schema14_3 = ["weekly","biWeekly","monthly","other"];
const schema14_4 = ["employmentType","yearsWorked","monthlyIncome","industry","payCycle","payday","companyName","companyPhone","companyAddress","schoolName","major","admissionDate","graduationDate"];
const schema14_5 = ["selfEmployed","contractWorker","student","unemployed"];
const formats0 = /^(?:\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8]))|(?:\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)$/u;
const formats2 = /^9\d{9}$/u;
const pattern1 = new RegExp("^\\s+|\\s+$", "gu");
const pattern2 = new RegExp("[\\u2E80-\\u2FFF\\u3000-\\u302F\\u3031-\\u303C\\u303E\\u303F\\u31C0-\\u31EF\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uF900-\\uFAFF\\uFE10-\\uFE1F\\uFE30-\\uFE4F\\uFF01-\\uFF60\\uFFE0-\\uFFE6\\u{20000}-\\u{3FFFF}]", "gu");
const pattern4 = new RegExp("[\\s.()\\-\\u2010-\\u2015\\u2212]", "gu");
const pattern5 = new RegExp("^(?:\\+?63|0)(?=9\\d{9}$)", "gu");
const func2 = runtimeDefault(func2_module);

function validate13(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="workInfo.schema.json" */;
let vErrors = null;
let errors = 0;
const _errs2 = errors;
let valid0 = true;
const _errs3 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.employmentType === undefined) && (missing0 = "employmentType")){
const err0 = {};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
if(data.employmentType !== undefined){
let data0 = data.employmentType;
if(!((data0 === "selfEmployed") || (data0 === "contractWorker"))){
const err1 = {};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
}
var _valid0 = _errs3 === errors;
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
let ifClause0;
if(_valid0){
const _errs5 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.yearsWorked === undefined){
const err2 = {instancePath,schemaPath:"#/then/required",keyword:"required",params:{missingProperty: "yearsWorked"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.monthlyIncome === undefined){
const err3 = {instancePath,schemaPath:"#/then/required",keyword:"required",params:{missingProperty: "monthlyIncome"}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.industry === undefined){
const err4 = {instancePath,schemaPath:"#/then/required",keyword:"required",params:{missingProperty: "industry"}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.payCycle === undefined){
const err5 = {instancePath,schemaPath:"#/then/required",keyword:"required",params:{missingProperty: "payCycle"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.payday === undefined){
const err6 = {instancePath,schemaPath:"#/then/required",keyword:"required",params:{missingProperty: "payday"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.companyName === undefined){
const err7 = {instancePath,schemaPath:"#/then/required",keyword:"required",params:{missingProperty: "companyName"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.companyPhone === undefined){
const err8 = {instancePath,schemaPath:"#/then/required",keyword:"required",params:{missingProperty: "companyPhone"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.companyAddress === undefined){
const err9 = {instancePath,schemaPath:"#/then/required",keyword:"required",params:{missingProperty: "companyAddress"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.yearsWorked !== undefined){
let data1 = data.yearsWorked;
if(typeof data1 !== "string"){
const err10 = {instancePath:instancePath+"/yearsWorked",schemaPath:"#/then/properties/yearsWorked/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(!((((data1 === "underOne") || (data1 === "oneToThree")) || (data1 === "threeToFive")) || (data1 === "overFive"))){
const err11 = {instancePath:instancePath+"/yearsWorked",schemaPath:"#/then/properties/yearsWorked/enum",keyword:"enum",params:{allowedValues: schema14_0}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.monthlyIncome !== undefined){
let data2 = data.monthlyIncome;
if(typeof data2 !== "string"){
const err12 = {instancePath:instancePath+"/monthlyIncome",schemaPath:"#/then/properties/monthlyIncome/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(!(((((data2 === "upTo12000") || (data2 === "from12001To18000")) || (data2 === "from18001To25000")) || (data2 === "from25001To30000")) || (data2 === "over30000"))){
const err13 = {instancePath:instancePath+"/monthlyIncome",schemaPath:"#/then/properties/monthlyIncome/enum",keyword:"enum",params:{allowedValues: schema14_1}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.industry !== undefined){
let data3 = data.industry;
if(typeof data3 !== "string"){
const err14 = {instancePath:instancePath+"/industry",schemaPath:"#/then/properties/industry/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(!((((((((((((((((((((((((((data3 === "agricultureFishing") || (data3 === "miningQuarrying")) || (data3 === "manufacturing")) || (data3 === "utilities")) || (data3 === "construction")) || (data3 === "wholesaleRetail")) || (data3 === "transportLogistics")) || (data3 === "accommodationFood")) || (data3 === "informationTechnology")) || (data3 === "bpo")) || (data3 === "telecommunications")) || (data3 === "financeBanking")) || (data3 === "insurance")) || (data3 === "realEstate")) || (data3 === "professionalServices")) || (data3 === "education")) || (data3 === "healthcare")) || (data3 === "government")) || (data3 === "uniformedServices")) || (data3 === "artsEntertainmentMedia")) || (data3 === "tourismTravel")) || (data3 === "domesticWork")) || (data3 === "securityServices")) || (data3 === "beautyWellness")) || (data3 === "onlineSelling")) || (data3 === "other"))){
const err15 = {instancePath:instancePath+"/industry",schemaPath:"#/then/properties/industry/enum",keyword:"enum",params:{allowedValues: schema14_2}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.payCycle !== undefined){
let data4 = data.payCycle;
if(typeof data4 !== "string"){
const err16 = {instancePath:instancePath+"/payCycle",schemaPath:"#/then/properties/payCycle/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(!((((data4 === "weekly") || (data4 === "biWeekly")) || (data4 === "monthly")) || (data4 === "other"))){
const err17 = {instancePath:instancePath+"/payCycle",schemaPath:"#/then/properties/payCycle/enum",keyword:"enum",params:{allowedValues: schema14_3}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.payday !== undefined){
let data5 = data.payday;
if(typeof data5 === "string"){
data5 = data5.replace(pattern1, "");
if(data !== undefined){
data["payday"] = data5;
}
if(!(formats0.test(data5))){
const err18 = {instancePath:instancePath+"/payday",schemaPath:"#/then/properties/payday/format",keyword:"format",params:{format: "iso-date"}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/payday",schemaPath:"#/then/properties/payday/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.companyName !== undefined){
let data6 = data.companyName;
if(typeof data6 === "string"){
data6 = data6.replace(pattern2, "");
data6 = data6.replace(pattern1, "");
if(data !== undefined){
data["companyName"] = data6;
}
if(func2(data6) > 100){
const err20 = {instancePath:instancePath+"/companyName",schemaPath:"#/then/properties/companyName/maxLength",keyword:"maxLength",params:{limit: 100}};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(func2(data6) < 2){
const err21 = {instancePath:instancePath+"/companyName",schemaPath:"#/then/properties/companyName/minLength",keyword:"minLength",params:{limit: 2}};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/companyName",schemaPath:"#/then/properties/companyName/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.companyPhone !== undefined){
let data7 = data.companyPhone;
if(typeof data7 === "string"){
data7 = data7.replace(pattern4, "");
data7 = data7.replace(pattern5, "");
if(data !== undefined){
data["companyPhone"] = data7;
}
if(!(formats2.test(data7))){
const err23 = {instancePath:instancePath+"/companyPhone",schemaPath:"#/then/properties/companyPhone/format",keyword:"format",params:{format: "ph-mobile"}};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/companyPhone",schemaPath:"#/then/properties/companyPhone/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.companyAddress !== undefined){
let data8 = data.companyAddress;
if(typeof data8 === "string"){
data8 = data8.replace(pattern2, "");
data8 = data8.replace(pattern1, "");
if(data !== undefined){
data["companyAddress"] = data8;
}
if(func2(data8) > 200){
const err25 = {instancePath:instancePath+"/companyAddress",schemaPath:"#/then/properties/companyAddress/maxLength",keyword:"maxLength",params:{limit: 200}};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(func2(data8) < 5){
const err26 = {instancePath:instancePath+"/companyAddress",schemaPath:"#/then/properties/companyAddress/minLength",keyword:"minLength",params:{limit: 5}};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
else {
const err27 = {instancePath:instancePath+"/companyAddress",schemaPath:"#/then/properties/companyAddress/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
var _valid0 = _errs5 === errors;
valid0 = _valid0;
ifClause0 = "then";
}
else {
const _errs22 = errors;
const _errs23 = errors;
let valid3 = true;
const _errs24 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
let missing1;
if((data.employmentType === undefined) && (missing1 = "employmentType")){
const err28 = {};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
else {
if(data.employmentType !== undefined){
if("student" !== data.employmentType){
const err29 = {};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
}
var _valid1 = _errs24 === errors;
errors = _errs23;
if(vErrors !== null){
if(_errs23){
vErrors.length = _errs23;
}
else {
vErrors = null;
}
}
if(_valid1){
const _errs26 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.schoolName === undefined){
const err30 = {instancePath,schemaPath:"#/else/then/required",keyword:"required",params:{missingProperty: "schoolName"}};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(data.major === undefined){
const err31 = {instancePath,schemaPath:"#/else/then/required",keyword:"required",params:{missingProperty: "major"}};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if(data.admissionDate === undefined){
const err32 = {instancePath,schemaPath:"#/else/then/required",keyword:"required",params:{missingProperty: "admissionDate"}};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(data.graduationDate === undefined){
const err33 = {instancePath,schemaPath:"#/else/then/required",keyword:"required",params:{missingProperty: "graduationDate"}};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(data.schoolName !== undefined){
let data10 = data.schoolName;
if(typeof data10 === "string"){
data10 = data10.replace(pattern2, "");
data10 = data10.replace(pattern1, "");
if(data !== undefined){
data["schoolName"] = data10;
}
if(func2(data10) > 100){
const err34 = {instancePath:instancePath+"/schoolName",schemaPath:"#/else/then/properties/schoolName/maxLength",keyword:"maxLength",params:{limit: 100}};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(func2(data10) < 2){
const err35 = {instancePath:instancePath+"/schoolName",schemaPath:"#/else/then/properties/schoolName/minLength",keyword:"minLength",params:{limit: 2}};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
else {
const err36 = {instancePath:instancePath+"/schoolName",schemaPath:"#/else/then/properties/schoolName/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.major !== undefined){
let data11 = data.major;
if(typeof data11 === "string"){
data11 = data11.replace(pattern2, "");
data11 = data11.replace(pattern1, "");
if(data !== undefined){
data["major"] = data11;
}
if(func2(data11) > 100){
const err37 = {instancePath:instancePath+"/major",schemaPath:"#/else/then/properties/major/maxLength",keyword:"maxLength",params:{limit: 100}};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(func2(data11) < 2){
const err38 = {instancePath:instancePath+"/major",schemaPath:"#/else/then/properties/major/minLength",keyword:"minLength",params:{limit: 2}};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
else {
const err39 = {instancePath:instancePath+"/major",schemaPath:"#/else/then/properties/major/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.admissionDate !== undefined){
let data12 = data.admissionDate;
if(typeof data12 === "string"){
data12 = data12.replace(pattern1, "");
if(data !== undefined){
data["admissionDate"] = data12;
}
if(!(formats0.test(data12))){
const err40 = {instancePath:instancePath+"/admissionDate",schemaPath:"#/else/then/properties/admissionDate/format",keyword:"format",params:{format: "iso-date"}};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/admissionDate",schemaPath:"#/else/then/properties/admissionDate/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data.graduationDate !== undefined){
let data13 = data.graduationDate;
if(typeof data13 === "string"){
data13 = data13.replace(pattern1, "");
if(data !== undefined){
data["graduationDate"] = data13;
}
if(!(formats0.test(data13))){
const err42 = {instancePath:instancePath+"/graduationDate",schemaPath:"#/else/then/properties/graduationDate/format",keyword:"format",params:{format: "iso-date"}};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
else {
const err43 = {instancePath:instancePath+"/graduationDate",schemaPath:"#/else/then/properties/graduationDate/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
}
var _valid1 = _errs26 === errors;
valid3 = _valid1;
}
if(!valid3){
const err44 = {instancePath,schemaPath:"#/else/if",keyword:"if",params:{failingKeyword: "then"}};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
var _valid0 = _errs22 === errors;
valid0 = _valid0;
ifClause0 = "else";
}
if(!valid0){
const err45 = {instancePath,schemaPath:"#/if",keyword:"if",params:{failingKeyword: ifClause0}};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.employmentType === undefined){
const err46 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "employmentType"}};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
for(const key0 in data){
const _errs35 = errors;
if(!(((((((((((((key0 === "employmentType") || (key0 === "yearsWorked")) || (key0 === "monthlyIncome")) || (key0 === "industry")) || (key0 === "payCycle")) || (key0 === "payday")) || (key0 === "companyName")) || (key0 === "companyPhone")) || (key0 === "companyAddress")) || (key0 === "schoolName")) || (key0 === "major")) || (key0 === "admissionDate")) || (key0 === "graduationDate"))){
const err47 = {instancePath,schemaPath:"#/propertyNames/enum",keyword:"enum",params:{allowedValues: schema14_4},propertyName:key0};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
var valid6 = _errs35 === errors;
if(!valid6){
const err48 = {instancePath,schemaPath:"#/propertyNames",keyword:"propertyNames",params:{propertyName: key0}};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data.employmentType !== undefined){
let data14 = data.employmentType;
if(typeof data14 !== "string"){
const err49 = {instancePath:instancePath+"/employmentType",schemaPath:"#/properties/employmentType/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
if(!((((data14 === "selfEmployed") || (data14 === "contractWorker")) || (data14 === "student")) || (data14 === "unemployed"))){
const err50 = {instancePath:instancePath+"/employmentType",schemaPath:"#/properties/employmentType/enum",keyword:"enum",params:{allowedValues: schema14_5}};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
}
else {
const err51 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
validate13.errors = vErrors;
return errors === 0;
}

const asked0 = validate14;
const schema15_0 = ["selfEmployed","contractWorker"];

function validate14(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.employmentType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "employmentType"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.employmentType !== undefined){
let data0 = data.employmentType;
if(!((data0 === "selfEmployed") || (data0 === "contractWorker"))){
const err1 = {instancePath:instancePath+"/employmentType",schemaPath:"#/properties/employmentType/enum",keyword:"enum",params:{allowedValues: schema15_0}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
validate14.errors = vErrors;
return errors === 0;
}

const asked1 = validate15;
const schema16 = {"properties":{"employmentType":{"const":"student"}},"required":["employmentType"]};

function validate15(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.employmentType === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "employmentType"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.employmentType !== undefined){
if("student" !== data.employmentType){
const err1 = {instancePath:instancePath+"/employmentType",schemaPath:"#/properties/employmentType/const",keyword:"const",params:{allowedValue: "student"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
}
validate15.errors = vErrors;
return errors === 0;
}

validate.branches = { "/if": asked0, "/else/if": asked1 };
validate.asked = { "332fef9c": asked0, "-1e62e764": asked1 };
export default validate;
